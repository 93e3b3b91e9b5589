import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Booking } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import DocumentRetentionDeletion from '#documents/models/document_retention_deletion'
import { deleteStoredDocument } from '#documents/services/document_store'
import { sqlDateTime } from '#core/dates'
import {
  RETENTION_REASONS,
  RETENTION_STATUSES,
  retentionPeriods,
  type RetentionPeriods,
  type RetentionRule,
} from '#documents/retention'

export type RetainedDocument = {
  bookingId: number
  documentId: number
  documentType: string
  rule: RetentionRule
  retentionDays: number
  bookingEndedAt: string | null
}

export type RetentionReport = { dryRun: boolean; deleted: RetainedDocument[] }

export type RetentionOptions = {
  /** The run's clock (tests pass their own). */
  now?: DateTime
  dryRun?: boolean
  periods?: RetentionPeriods
}

const RULES: RetentionRule[] = ['unsold', 'sold']

/** When the booking ended: its last status change (older rows without one: their last update). */
function endedAt(booking: Booking) {
  return booking.statusChangedAt ?? booking.updatedAt
}

/**
 * The row of a deleted document stays as the record that it existed (docs/privacy.md, "Retention"). Each
 * booking is claimed and re-checked under its row lock, so concurrent runs delete and log each document
 * once. The file goes before the commit: a failed commit leaves a row the next run completes, never a record
 * claiming a stored file is gone.
 */
export default class ApplyDocumentRetention {
  async handle(options: RetentionOptions = {}): Promise<RetentionReport> {
    const now = options.now ?? DateTime.utc()
    const periods = options.periods ?? retentionPeriods()
    const deleted: RetainedDocument[] = []
    for (const rule of RULES) {
      const cutoff = now.minus({ days: periods[rule] })
      for (const id of await this.due(rule, cutoff)) {
        const done = options.dryRun
          ? await this.preview(id, rule, cutoff, periods[rule])
          : await this.deleteDocuments(id, rule, cutoff, periods[rule], now)
        deleted.push(...done)
      }
    }
    return { dryRun: options.dryRun ?? false, deleted }
  }

  private async due(rule: RetentionRule, cutoff: DateTime): Promise<number[]> {
    const at = sqlDateTime(cutoff)
    const rows = await Booking.query()
      .whereIn('status', RETENTION_STATUSES[rule])
      .where((ended) =>
        ended
          .where('status_changed_at', '<=', at)
          .orWhere((older) => older.whereNull('status_changed_at').where('updated_at', '<=', at))
      )
      .whereExists((documents) =>
        documents
          .from('booking_documents')
          .whereColumn('booking_documents.booking_id', 'bookings.id')
          .whereNull('booking_documents.deleted_at')
      )
      .orderBy('id')
      .select('id')
    return rows.map((row) => row.id)
  }

  private isDue(booking: Booking, rule: RetentionRule, cutoff: DateTime) {
    return RETENTION_STATUSES[rule].includes(booking.status) && endedAt(booking) <= cutoff
  }

  private describe(booking: Booking, document: BookingDocument, rule: RetentionRule, days: number) {
    return {
      bookingId: booking.id,
      documentId: document.id,
      documentType: document.documentType,
      rule,
      retentionDays: days,
      bookingEndedAt: endedAt(booking)?.toUTC().toISO() ?? null,
    }
  }

  private async preview(id: number, rule: RetentionRule, cutoff: DateTime, days: number) {
    const booking = await Booking.find(id)
    if (!booking || !this.isDue(booking, rule, cutoff)) return []
    const documents = await BookingDocument.query().where('booking_id', id).whereNull('deleted_at').orderBy('id')
    return documents.map((document) => this.describe(booking, document, rule, days))
  }

  private async deleteDocuments(id: number, rule: RetentionRule, cutoff: DateTime, days: number, now: DateTime) {
    return db.transaction(async (trx) => {
      const booking = await Booking.query({ client: trx }).where('id', id).forUpdate().first()
      if (!booking || !this.isDue(booking, rule, cutoff)) return []
      const documents = await BookingDocument.query({ client: trx })
        .where('booking_id', id)
        .whereNull('deleted_at')
        .orderBy('id')
        .forUpdate()
      const done: RetainedDocument[] = []
      for (const document of documents) {
        await deleteStoredDocument(document.storageKey)
        document.deletedAt = now
        document.deletionReason = RETENTION_REASONS[rule]
        await document.useTransaction(trx).save()
        await DocumentRetentionDeletion.create(
          {
            bookingId: booking.id,
            documentId: document.id,
            documentType: document.documentType,
            documentName: document.originalName,
            rule,
            retentionDays: days,
            bookingStatus: booking.status,
            bookingEndedAt: endedAt(booking),
            deletedAt: now,
          },
          { client: trx }
        )
        done.push(this.describe(booking, document, rule, days))
      }
      return done
    })
  }
}
