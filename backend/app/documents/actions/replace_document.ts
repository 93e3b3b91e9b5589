import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { User } from '#identity'
import { recordAudit } from '#audit'
import { recordOutbox } from '#core/outbox'
import { AppError } from '#core/errors'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import { Booking } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import { BookingStatusChange } from '#bookings'
import DocumentPolicy from '#documents/policies/document_policy'
import { BOOKING_NOT_FOUND } from '#bookings'
import { DOCUMENT_NOT_FOUND } from '#documents/services/document_access_log'
import {
  checkDocument,
  refuseWhenBookingFull,
  removeStoredDocuments,
  storeDocument,
} from '#documents/services/document_store'
import {
  REPLACEABLE_STATUSES,
  capitalised,
  reviewTypeOf,
  type BookingDocumentChanged,
} from '#documents/document_review'
import {
  DOCUMENT_REPLACED,
  announceDocumentChange,
  bookingLabel,
  lockBookingRow,
  lockDocumentRow,
} from '#documents/actions/review_document'

export const ONLY_REJECTED = 'Only a rejected document can be uploaded again.'
export const ONLY_WHILE_PENDING = 'A document can only be uploaded again while the booking is pending.'
export const CHOOSE_A_FILE = 'Please choose a file to upload'

/** Why `actor` may not upload `document` of `booking` again now, thrown; nothing when they may. */
function refuse(actor: User, booking: Booking, document: BookingDocument) {
  const verdict = new DocumentPolicy().replaceDocument(actor, booking)
  if (verdict !== true) throw new AppError(verdict.message ?? 'You do not have permission.', verdict.status ?? 403)
  if (!REPLACEABLE_STATUSES.includes(booking.status)) throw AppError.conflict(ONLY_WHILE_PENDING)
  if (document.replacedById) throw AppError.conflict(DOCUMENT_REPLACED)
  if (document.reviewStatus !== 'rejected') throw AppError.conflict(ONLY_REJECTED)
}

/**
 * The file passes the booking form's checks; then, under the booking's lock, a new pending row supersedes
 * the old one, whose row and review stay (docs/booking-workflow.md, "Documents under review").
 */
export default class ReplaceDocument {
  async handle(
    actor: User,
    bookingId: number | string,
    documentId: number | string,
    file: MultipartFile | null,
    ip: string | null = null
  ): Promise<BookingDocument> {
    // The refusals a file need not wait for, on unlocked rows (asked again under the lock).
    const booking = /^\d+$/.test(String(bookingId)) ? await Booking.find(bookingId) : null
    if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
    const found = /^\d+$/.test(String(documentId))
      ? await BookingDocument.query().where('id', documentId).where('booking_id', booking.id).first()
      : null
    if (!found) throw AppError.notFound(DOCUMENT_NOT_FOUND)
    refuse(actor, booking, found)
    if (!file) throw AppError.invalid('document', CHOOSE_A_FILE)
    const checked = await checkDocument(file, found.documentType, 'document')
    // The superseded upload keeps its file: the new one counts towards the booking's documents.
    await refuseWhenBookingFull(booking.id)
    const stored = await storeDocument(checked)

    let taken: { document: BookingDocument; event: BookingDocumentChanged }
    try {
      taken = await db.transaction(async (trx) => {
        const locked = await lockBookingRow(trx, booking.id)
        const old = await lockDocumentRow(trx, locked, found.id)
        refuse(actor, locked, old)
        await refuseWhenBookingFull(locked.id, trx)

        const now = DateTime.utc()
        const created = await BookingDocument.create(
          {
            ...stored,
            bookingId: locked.id,
            uploadedById: actor.id,
            reviewStatus: 'pending',
            reviewReason: null,
            reviewedById: null,
            reviewedAt: null,
            replacedById: null,
          },
          { client: trx }
        )
        old.useTransaction(trx)
        old.replacedById = created.id
        await old.save()

        const type = reviewTypeOf(created.documentType)
        await BookingStatusChange.create(
          {
            bookingId: locked.id,
            fromStatus: locked.status,
            toStatus: locked.status,
            changedById: actor.id,
            notes: `${capitalised(type)} uploaded again`,
            event: 'document_upload',
            documentId: created.id,
            documentType: type,
          },
          { client: trx }
        )
        // A staff member's own booking: their step is on the audit trail like their other steps.
        if (isAgentAdmin(actor.role) || isSuperAdmin(actor.role)) {
          await recordAudit(
            trx,
            { actor, ip },
            {
              action: 'booking.document_upload',
              subject: { type: 'booking', id: locked.id, label: await bookingLabel(trx, locked, old) },
              before: { documentId: old.id, reviewStatus: old.reviewStatus },
              after: { documentId: created.id, reviewStatus: 'pending' },
            }
          )
        }
        const changed: BookingDocumentChanged = {
          bookingId: locked.id,
          lotId: locked.lotId,
          agencyId: locked.agencyId,
          userId: locked.userId,
          createdById: locked.createdById,
          status: locked.status,
          change: 'upload',
          documentId: created.id,
          previousDocumentId: old.id,
          documentType: type,
          reviewStatus: 'pending',
          reason: null,
          actorId: actor.id,
          at: now.toISO()!,
        }
        await recordOutbox(trx, 'booking:document_changed', changed)
        return { document: created, event: changed }
      })
    } catch (error) {
      await removeStoredDocuments([stored])
      throw error
    }
    await announceDocumentChange(taken.event)
    return taken.document
  }
}
