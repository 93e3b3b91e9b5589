import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import {
  BUMIPUTERA_ALREADY_VERIFIED,
  User,
  UserPolicy,
  declareBumiputera,
  presentUser,
  serializeBumiputera,
} from '#identity'
import BumiputeraEvidence from '#documents/models/bumiputera_evidence'
import {
  accessedEvidence,
  forgetEvidence,
  readDeclaration,
  serializeEvidence,
  SUPERSEDED,
} from '#documents/bumiputera_evidence'
import { removeStoredDocuments, storeDocument, type StoredDocument } from '#documents/services/document_store'
import { DOCUMENT_NOT_FOUND, sendStoredDocument } from '#documents/services/document_access_log'

async function findPerson(id: unknown) {
  const user = /^\d+$/.test(String(id)) ? await User.find(Number(id)) : null
  if (!user) throw AppError.notFound('User not found')
  return user
}

/**
 * A person's Bumiputera declaration with its evidence (docs/booking-workflow.md, "Bumiputera quota lots"):
 * the files are stored encrypted through the document store and read only through the access log, like a
 * booking's IC images.
 */
export default class BumiputeraEvidenceController {
  /** POST /api/users/me/bumiputera: `kind` and `evidence` (multipart); a rejected status is declared again. */
  async store({ auth, response, request }: HttpContext) {
    const actor = auth.user as User
    // Asked again under the lock; here so that no file is written for a refusal.
    if (actor.bumiputeraStatus === 'verified') throw AppError.conflict(BUMIPUTERA_ALREADY_VERIFIED)
    const declaration = await readDeclaration(request)
    const stored: StoredDocument[] = []
    let outcome: { user: User; evidence: BumiputeraEvidence[]; superseded: BumiputeraEvidence[] }
    try {
      for (const file of declaration.evidence) stored.push(await storeDocument(file))
      outcome = await db.transaction(async (trx) => {
        const { user, previous } = await declareBumiputera(trx, actor.id, declaration.kind)
        // A rejected declaration's evidence has served its purpose: it is deleted with the new one's commit.
        const superseded = previous === 'rejected' ? await forgetEvidence(trx, user.id, SUPERSEDED) : []
        const evidence: BumiputeraEvidence[] = []
        for (const file of stored) {
          evidence.push(
            await BumiputeraEvidence.create(
              {
                userId: user.id,
                kind: declaration.kind,
                originalName: file.originalName,
                storageKey: file.storageKey,
                mimeType: file.mimeType,
                sizeBytes: file.sizeBytes,
              },
              { client: trx }
            )
          )
        }
        return { user, evidence, superseded }
      })
    } catch (error) {
      await removeStoredDocuments(stored)
      throw error
    }
    await removeStoredDocuments(outcome.superseded)
    return response.created({
      message: 'Bumiputera status declared. It will be verified by staff.',
      ...serializeBumiputera(outcome.user),
      evidence: outcome.evidence.map(serializeEvidence),
    })
  }

  /** GET /api/users/:id/bumiputera/evidence: the person's status and their evidence, newest first. */
  async index({ bouncer, params }: HttpContext) {
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('viewBumiputeraEvidence', person)
    const evidence = await BumiputeraEvidence.query().where('user_id', person.id).orderBy('id', 'desc')
    const user = await presentUser(person)
    return {
      userId: person.id,
      name: user.name,
      bumiputeraStatus: user.bumiputeraStatus,
      bumiputeraKind: user.bumiputeraKind,
      bumiputeraVerifiedBy: user.bumiputeraVerifiedBy,
      bumiputeraVerifiedByName: user.bumiputeraVerifiedByName,
      bumiputeraVerifiedAt: user.bumiputeraVerifiedAt,
      data: evidence.map(serializeEvidence),
    }
  }

  /** GET /api/users/:id/bumiputera/evidence/:evidenceId: streamed after the policy, on the access log. */
  async show(ctx: HttpContext) {
    const { bouncer, params } = ctx
    const person = await findPerson(params.id)
    await bouncer.with(UserPolicy).authorize('viewBumiputeraEvidence', person)
    const evidence = /^\d+$/.test(String(params.evidenceId))
      ? await BumiputeraEvidence.query().where('id', params.evidenceId).where('user_id', person.id).first()
      : null
    if (!evidence) throw AppError.notFound(DOCUMENT_NOT_FOUND)
    if (evidence.deletedAt) throw new AppError('This document has been deleted.', 410)
    await sendStoredDocument(ctx, {
      ...accessedEvidence(evidence),
      mimeType: evidence.mimeType,
      storageKey: evidence.storageKey,
    })
  }
}
