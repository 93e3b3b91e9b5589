import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { User } from '#identity'
import { Lot } from '#inventory'
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
import { DOCUMENT_LABELS, capitalised, reviewTypeOf, type BookingDocumentChanged } from '#documents/document_review'
import type { DocumentReviewInput } from '#documents/validators/document_review'

export const DOCUMENT_REPLACED = 'This document has been replaced by a newer upload.'
export const DOCUMENT_DELETED = 'This document was deleted and cannot be reviewed.'

export async function lockBookingRow(trx: TransactionClientContract, id: number | string): Promise<Booking> {
  const booking = /^\d+$/.test(String(id))
    ? await Booking.query({ client: trx }).where('id', id).forUpdate().first()
    : null
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

/** One of the booking's documents, locked; 404 for an unknown one or another booking's. */
export async function lockDocumentRow(
  trx: TransactionClientContract,
  booking: Booking,
  id: number | string
): Promise<BookingDocument> {
  const document = /^\d+$/.test(String(id))
    ? await BookingDocument.query({ client: trx }).where('id', id).where('booking_id', booking.id).forUpdate().first()
    : null
  if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND)
  return document
}

/** "Booking #12, MKS-07 (lot 4107): payment cheque #34": how the audit trail names a booking's document. */
export async function bookingLabel(
  trx: TransactionClientContract,
  booking: Booking,
  document: BookingDocument
): Promise<string> {
  const lot = await Lot.query({ client: trx }).where('id', booking.lotId).firstOrFail()
  const where = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `lot ${lot.lotNumber}`
  return `Booking #${booking.id}, ${where}: ${DOCUMENT_LABELS[reviewTypeOf(document.documentType)]} #${document.id}`
}

/** Listeners react after the commit; one failing never undoes or fails the step. */
export async function announceDocumentChange(event: BookingDocumentChanged) {
  try {
    await emitter.emit('booking:document_changed', event)
  } catch (error) {
    logger.error({ err: error, bookingId: event.bookingId }, 'A booking:document_changed listener failed')
  }
}

/**
 * The booking is locked first, so no forward or decision interleaves with the review
 * (docs/booking-workflow.md, "Documents under review").
 */
export default class ReviewDocument {
  async handle(
    actor: User,
    bookingId: number | string,
    documentId: number | string,
    input: DocumentReviewInput,
    ip: string | null = null
  ): Promise<Booking> {
    const { booking, event } = await db.transaction(async (trx) => {
      const locked = await lockBookingRow(trx, bookingId)
      const verdict = new DocumentPolicy().reviewDocument(actor, locked)
      if (verdict !== true) throw new AppError(verdict.message ?? 'You do not have permission.', verdict.status ?? 403)
      const document = await lockDocumentRow(trx, locked, documentId)
      if (document.replacedById) throw AppError.conflict(DOCUMENT_REPLACED)
      if (document.deletedAt) throw AppError.conflict(DOCUMENT_DELETED)

      const before = { reviewStatus: document.reviewStatus, reviewReason: document.reviewReason }
      const now = DateTime.utc()
      document.useTransaction(trx)
      document.reviewStatus = input.status
      document.reviewReason = input.reason
      document.reviewedById = actor.id
      document.reviewedAt = now
      await document.save()

      const type = reviewTypeOf(document.documentType)
      const notes = `${capitalised(type)} ${input.status}${input.reason ? `: ${input.reason}` : ''}`
      await BookingStatusChange.create(
        {
          bookingId: locked.id,
          fromStatus: locked.status,
          toStatus: locked.status,
          changedById: actor.id,
          notes,
          event: 'document_review',
          documentId: document.id,
          documentType: type,
        },
        { client: trx }
      )
      if (isAgentAdmin(actor.role) || isSuperAdmin(actor.role)) {
        await recordAudit(
          trx,
          { actor, ip },
          {
            action: 'booking.document_review',
            subject: { type: 'booking', id: locked.id, label: await bookingLabel(trx, locked, document) },
            before,
            after: { reviewStatus: input.status, reviewReason: input.reason },
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
        change: 'review',
        documentId: document.id,
        previousDocumentId: null,
        documentType: type,
        reviewStatus: input.status,
        reason: input.reason,
        actorId: actor.id,
        at: now.toISO()!,
      }
      await recordOutbox(trx, 'booking:document_changed', changed)
      return { booking: locked, event: changed }
    })
    await announceDocumentChange(event)
    return booking
  }
}
