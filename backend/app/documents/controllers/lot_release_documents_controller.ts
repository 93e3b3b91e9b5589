import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import type { User } from '#identity'
import { Lot, LotPolicy, bumiReleaseRecorded } from '#inventory'
import LotReleaseDocument from '#documents/models/lot_release_document'
import {
  checkDocument,
  MAX_DOCUMENT_SIZE,
  removeStoredDocuments,
  storeDocument,
} from '#documents/services/document_store'
import { DOCUMENT_NOT_FOUND, sendStoredDocument } from '#documents/services/document_access_log'
import { serializeLotReleaseDocument } from '#documents/transformers/lot_release_document_transformer'

export const RELEASE_NOT_RECORDED =
  "Record the lot's release (date, authority and reference) before its approval document."

async function findLot(id: unknown) {
  const lot = /^\d+$/.test(String(id)) ? await Lot.find(Number(id)) : null
  if (!lot) throw AppError.notFound('Lot not found')
  return lot
}

/** The state's approval of a quota lot's release: private, stored encrypted, read by super admins on the access log. */
export default class LotReleaseDocumentsController {
  /** POST /api/lots/:id/bumiputera/approval-document, field `document`: the newest upload is the one in force. */
  async store({ auth, bouncer, params, request, response }: HttpContext) {
    await bouncer.with(LotPolicy).authorize('manage')
    const lot = await findLot(params.id)
    if (!lot.isBumiputeraLot || !bumiReleaseRecorded(lot)) throw AppError.invalid('document', RELEASE_NOT_RECORDED)
    const file = request.file('document', { size: MAX_DOCUMENT_SIZE })
    if (!file) throw AppError.invalid('document', 'Attach the approval document.')
    const stored = await storeDocument(await checkDocument(file, 'other', 'document'))
    try {
      const document = await LotReleaseDocument.create({
        lotId: lot.id,
        originalName: stored.originalName,
        storageKey: stored.storageKey,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
        uploadedById: (auth.user as User).id,
      })
      return response.created(serializeLotReleaseDocument(document))
    } catch (error) {
      await removeStoredDocuments([stored])
      throw error
    }
  }

  /** GET /api/lots/:id/bumiputera/approval-documents: what has been uploaded, newest first (names, not contents). */
  async index({ bouncer, params, response }: HttpContext) {
    await bouncer.with(LotPolicy).authorize('manage')
    const lot = await findLot(params.id)
    const documents = await LotReleaseDocument.query().where('lot_id', lot.id).orderBy('id', 'desc')
    response.header('Cache-Control', 'private, no-store')
    return documents.map(serializeLotReleaseDocument)
  }

  /** GET /api/lots/:id/bumiputera/approval-document: the newest, streamed after the policy. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(LotPolicy).authorize('manage')
    const lot = await findLot(ctx.params.id)
    const document = await LotReleaseDocument.query().where('lot_id', lot.id).orderBy('id', 'desc').first()
    if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND)
    await sendStoredDocument(ctx, {
      bookingId: null,
      documentId: document.id,
      documentType: 'bumiputera_release_approval',
      name: document.originalName,
      mimeType: document.mimeType,
      storageKey: document.storageKey,
    })
  }
}
