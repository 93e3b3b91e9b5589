import type { HttpContext } from '@adonisjs/core/http'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { AppError } from '#core/errors'
import type { User } from '#identity'
import DocumentAccess, { type AccessAction, type AccessedDocumentType } from '#documents/models/document_access'
import { DocumentIntegrityError } from '#documents/services/document_crypto'
import { findStoredDocument } from '#documents/services/document_store'

/** The file being served: where it is stored and what the access log names. */
export type ServedDocument = {
  bookingId: number
  documentId: number | null
  documentType: AccessedDocumentType
  name: string
  mimeType: string
  storageKey: string
  /** The 404's message when the file is gone (default: `Document not found`). */
  notFound?: string
}

export const DOCUMENT_NOT_FOUND = 'Document not found'
const UNREADABLE = 'The document could not be read. It may have been altered; please contact support.'

/** Who read a document: the account as it is now, and the client address. */
export type DocumentReader = { user: User; ip: string | null }

/** A document as the log names it. */
export type AccessedDocument = Omit<ServedDocument, 'mimeType' | 'storageKey' | 'notFound'>

function accessRow(reader: DocumentReader, document: AccessedDocument, action: AccessAction) {
  return {
    bookingId: document.bookingId,
    documentId: document.documentId,
    documentType: document.documentType,
    documentName: document.name.slice(0, 255),
    action,
    userId: reader.user.id,
    userName: reader.user.name.slice(0, 120),
    userEmail: reader.user.email.slice(0, 254),
    userRole: reader.user.role,
    ip: reader.ip?.slice(0, 64) || null,
  }
}

/**
 * Records one access by the signed-in user (who, role, what, from which address). Called only
 * once the policy has admitted the reader and the file is open and readable, so a refused or
 * failed read records nothing; and before a byte is sent, so nothing is served unrecorded.
 */
export async function recordDocumentAccess(
  ctx: Pick<HttpContext, 'auth' | 'request'>,
  document: AccessedDocument,
  action: 'view' | 'download'
) {
  const user = ctx.auth.user
  if (!user) throw AppError.unauthorized()
  return DocumentAccess.create(accessRow({ user, ip: ctx.request.ip() || null }, document, action))
}

/**
 * Records the reads of several documents at once, e.g. those a personal-data export holds
 * (action `export`): the same rows as a view, written before the archive is sent.
 */
export async function recordDocumentAccesses(
  reader: DocumentReader,
  documents: AccessedDocument[],
  action: AccessAction
) {
  if (documents.length === 0) return []
  return DocumentAccess.createMany(documents.map((document) => accessRow(reader, document, action)))
}

/**
 * Every read path of a stored booking file (documents, fee receipts) ends here, after its
 * policy: once the file is open and its first bytes are ready the access is recorded, then the
 * plain file is streamed with private, no-sniff headers (`?download=1`: as an attachment). A
 * file that cannot be opened (its key does not unwrap, its tag fails) answers an error, records
 * no access and keeps nothing open; one that fails later ends the answer in an error rather than
 * completing it (fail closed).
 */
export async function sendStoredDocument(ctx: HttpContext, document: ServedDocument) {
  const found = await findStoredDocument(document.storageKey)
  if (!found) throw AppError.notFound(document.notFound ?? DOCUMENT_NOT_FOUND)
  const action = ctx.request.input('download') ? 'download' : 'view'

  // Nothing is committed until the first bytes are ready: a small file is checked whole before
  // that (its only chunk is held back for the tag), so its failure is a clean JSON error.
  let stream: Readable | undefined
  try {
    stream = await found.open()
    const ready = once(stream, 'readable').then(
      () => null,
      (error: Error) => error
    )
    const failed = (await ready) ?? stream.errored
    if (failed) throw failed
    await recordDocumentAccess(ctx, document, action)
  } catch (error) {
    stream?.destroy()
    if (error instanceof DocumentIntegrityError) throw new AppError(UNREADABLE, 500)
    throw error
  }
  const { response } = ctx
  response.header('Content-Type', document.mimeType)
  response.header(
    'Content-Disposition',
    `${action === 'download' ? 'attachment' : 'inline'}; filename="${document.name.replace(/"/g, '')}"`
  )
  response.header('Cache-Control', 'private, no-store')
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
  response.stream(stream, (error) => [
    error instanceof DocumentIntegrityError ? UNREADABLE : 'Cannot process file',
    500,
  ])
}
