import type { HttpContext } from '@adonisjs/core/http'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'
import type { User } from '#identity'
import DocumentAccess, { type AccessAction, type AccessedDocumentType } from '#documents/models/document_access'
import { DocumentIntegrityError } from '#documents/services/document_crypto'
import { findStoredDocument } from '#documents/services/document_store'

export type ServedDocument = {
  /** Null for a file that belongs to no booking (a person's Bumiputera evidence, a lot's release approval). */
  bookingId: number | null
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

export type DocumentReader = { user: User; ip: string | null }

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
 * A list or dialog draws its thumbnails again on every render: one preview on the log stands for them all
 * while the same reader had the same file on the log this recently.
 */
export const PREVIEW_LOG_MINUTES = 30

async function readLately(user: User, document: AccessedDocument) {
  const query = DocumentAccess.query()
    .where('user_id', user.id)
    .where('document_type', document.documentType)
    .where('created_at', '>=', sqlDateTime(DateTime.utc().minus({ minutes: PREVIEW_LOG_MINUTES })))
  if (document.bookingId === null) query.whereNull('booking_id')
  else query.where('booking_id', document.bookingId)
  if (document.documentId === null) query.whereNull('document_id')
  else query.where('document_id', document.documentId)
  return Boolean(await query.first())
}

/**
 * Called only once the policy admitted the reader and the file is open and readable (a refused or failed
 * read records nothing), and before a byte is sent (nothing is served unrecorded).
 */
export async function recordDocumentAccess(
  ctx: Pick<HttpContext, 'auth' | 'request'>,
  document: AccessedDocument,
  action: 'view' | 'download' | 'preview'
) {
  const user = ctx.auth.user
  if (!user) throw AppError.unauthorized()
  if (action === 'preview' && (await readLately(user, document))) return null
  return DocumentAccess.create(accessRow({ user, ip: ctx.request.ip() || null }, document, action))
}

export async function recordDocumentAccesses(
  reader: DocumentReader,
  documents: AccessedDocument[],
  action: AccessAction
) {
  if (documents.length === 0) return []
  return DocumentAccess.createMany(documents.map((document) => accessRow(reader, document, action)))
}

/** `?download=1` saves the file, `?preview=1` draws it as a thumbnail, neither opens it to view. */
function requestedAction(ctx: HttpContext): 'view' | 'download' | 'preview' {
  if (ctx.request.input('download')) return 'download'
  return ctx.request.input('preview') ? 'preview' : 'view'
}

/**
 * Every read of a stored booking file ends here, after its policy (a preview is a read like any other). A
 * file that cannot be opened records nothing; one that fails later ends the answer in an error (fail closed).
 */
export async function sendStoredDocument(ctx: HttpContext, document: ServedDocument) {
  const found = await findStoredDocument(document.storageKey)
  if (!found) throw AppError.notFound(document.notFound ?? DOCUMENT_NOT_FOUND)
  const action = requestedAction(ctx)

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
