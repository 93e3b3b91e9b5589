import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { AppError, type FieldError } from '#core/errors'
import type { BumiputeraKind } from '#identity'
import { bumiputeraDeclarationValidator } from '#documents/validators/bumiputera'
import BumiputeraEvidence from '#documents/models/bumiputera_evidence'
import { ACCOUNT_DELETION } from '#documents/bookings_port'
import {
  checkDocument,
  MAX_DOCUMENT_SIZE,
  readStoredBytes,
  type CheckedDocument,
} from '#documents/services/document_store'
import type { AccessedDocument } from '#documents/services/document_access_log'

export const EVIDENCE_REQUIRED = 'Attach a document that shows your Bumiputera status.'
/** Enough for an IC's two sides and a company's certificates; no more filling the storage through a profile. */
export const MAX_EVIDENCE_FILES = 4
export const TOO_MANY_EVIDENCE_FILES = `Attach at most ${MAX_EVIDENCE_FILES} documents.`
export const SUPERSEDED = 'superseded'

export type Declaration = { kind: BumiputeraKind; evidence: CheckedDocument[] }

/**
 * The declaration's multipart fields: `kind` (individual or company) and one or more `evidence` files, each
 * checked like a booking's documents (by content: PDF, JPG or PNG; at most 10 MB). Both fields' errors at once.
 */
export async function readDeclaration(request: HttpContext['request']): Promise<Declaration> {
  const [invalid, fields] = await bumiputeraDeclarationValidator.tryValidate({ kind: request.input('kind') })
  const files = request.files('evidence', { size: MAX_DOCUMENT_SIZE })
  const errors: FieldError[] = []
  if (invalid) errors.push({ field: 'kind', message: invalid.messages[0]?.message ?? 'The kind is invalid' })
  if (files.length === 0) errors.push({ field: 'evidence', message: EVIDENCE_REQUIRED })
  if (files.length > MAX_EVIDENCE_FILES) errors.push({ field: 'evidence', message: TOO_MANY_EVIDENCE_FILES })
  if (errors.length > 0) throw new AppError(errors[0].message, 422, errors)
  const evidence: CheckedDocument[] = []
  for (const file of files) evidence.push(await checkDocument(file, 'other', 'evidence'))
  return { kind: fields!.kind, evidence }
}

export function evidenceUrl(evidence: BumiputeraEvidence) {
  return `/api/users/${evidence.userId}/bumiputera/evidence/${evidence.id}`
}

export function serializeEvidence(evidence: BumiputeraEvidence) {
  const url = evidence.deletedAt ? null : evidenceUrl(evidence)
  return {
    id: evidence.id,
    kind: evidence.kind,
    name: evidence.originalName,
    mimeType: evidence.mimeType,
    size: evidence.sizeBytes,
    createdAt: evidence.createdAt.toUTC().toISO(),
    url,
    downloadUrl: url ? `${url}?download=1` : null,
    deletedAt: evidence.deletedAt?.toUTC().toISO() ?? null,
    deletionReason: evidence.deletionReason ?? null,
  }
}

export function accessedEvidence(evidence: BumiputeraEvidence): AccessedDocument {
  return {
    bookingId: null,
    documentId: evidence.id,
    documentType: 'bumiputera_evidence',
    name: evidence.originalName,
  }
}

/** The person's evidence still stored, marked deleted in the caller's transaction; the files go after its commit. */
export async function forgetEvidence(
  trx: TransactionClientContract,
  userId: number,
  reason: typeof SUPERSEDED | typeof ACCOUNT_DELETION
): Promise<BumiputeraEvidence[]> {
  const evidence = await BumiputeraEvidence.query({ client: trx })
    .where('user_id', userId)
    .whereNull('deleted_at')
    .orderBy('id')
    .forUpdate()
  const now = DateTime.now()
  for (const row of evidence) {
    row.useTransaction(trx)
    row.deletedAt = now
    row.deletionReason = reason
    await row.save()
  }
  return evidence
}

/** A deleted account's evidence (docs/privacy.md, "Access"): the rows stay, the files go after the commit. */
export function forgetBumiputeraEvidence(trx: TransactionClientContract, userId: number) {
  return forgetEvidence(trx, userId, ACCOUNT_DELETION)
}

export type ExportedEvidence = {
  record: ReturnType<typeof serializeEvidence> & { file: string | null }
  accessed: AccessedDocument
  fileName: string
  read(): Promise<Buffer | null>
}

/** The person's evidence for their export: each record, and where its file is in the ZIP. */
export async function bumiputeraEvidenceForExport(userId: number): Promise<ExportedEvidence[]> {
  const evidence = await BumiputeraEvidence.query().where('user_id', userId).orderBy('id')
  return evidence.map((row) => {
    const extension = row.mimeType === 'application/pdf' ? 'pdf' : row.mimeType === 'image/png' ? 'png' : 'jpg'
    const fileName = `bumiputera/evidence-${row.id}.${extension}`
    return {
      record: { ...serializeEvidence(row), file: row.deletedAt ? null : fileName },
      accessed: accessedEvidence(row),
      fileName,
      read: () => (row.deletedAt ? Promise.resolve(null) : readStoredBytes(row.storageKey)),
    }
  })
}
