import type { HttpContext } from '@adonisjs/core/http'
import type { DocumentType } from '#documents/models/booking_document'
import { checkDocument, MAX_DOCUMENT_SIZE, type CheckedDocument } from '#documents/services/document_store'

/** Multipart field names each document may arrive under (the spec's screens vary). */
const FIELDS: Record<'cheque' | 'icFront' | 'icBack', { type: DocumentType; names: string[] }> = {
  cheque: { type: 'cheque', names: ['cheque', 'paymentCheque', 'chequeDocument'] },
  icFront: { type: 'ic_front', names: ['icFront', 'ic_front'] },
  icBack: { type: 'ic_back', names: ['icBack', 'ic_back'] },
}

/** The booking's documents in this request, each checked by content and size. */
export async function bookingFiles(request: HttpContext['request']) {
  const found: Partial<Record<keyof typeof FIELDS, CheckedDocument>> = {}
  for (const [key, { type, names }] of Object.entries(FIELDS) as [
    keyof typeof FIELDS,
    (typeof FIELDS)[keyof typeof FIELDS],
  ][]) {
    for (const name of names) {
      const file = request.file(name, { size: MAX_DOCUMENT_SIZE })
      if (file) {
        found[key] = await checkDocument(file, type, key)
        break
      }
    }
  }
  return found
}
