import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Each document of a booking reviewed on its own (docs/booking-workflow.md,
 * "Documents under review").
 *
 * `booking_documents`: the review (pending for a new upload, accepted, or rejected with a
 * reason), who gave it and when; `replaced_by_id` names the newer upload that superseded a
 * rejected document (the old row stays, its review kept). Documents uploaded before reviews
 * existed are pending: they never block a decision.
 * `booking_status_history`: a document's review or re-upload is a history row whose status
 * does not change (from = to, like a hold's extension); `event` says which (null: a status
 * change), `document_id` and `document_type` which document.
 * `bookings.required_documents`: the document types the booking's form required when it was
 * made (comma-separated: cheque, ic_front, ic_back), null for none or for bookings made before.
 * `replaced_by_id` and `document_id` have no foreign key: a document row is never deleted on its
 * own (a deleted file keeps its row), and every row named goes with its booking.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('booking_documents', (table) => {
      table.enu('review_status', ['pending', 'accepted', 'rejected']).notNullable().defaultTo('pending')
      table.string('review_reason', 500).nullable()
      table.integer('reviewed_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('reviewed_at').nullable()
      table.integer('replaced_by_id').unsigned().nullable()

      table.index(['replaced_by_id'])
    })

    this.schema.alterTable('booking_status_history', (table) => {
      table.enu('event', ['document_review', 'document_upload']).nullable()
      table.integer('document_id').unsigned().nullable()
      table.string('document_type', 32).nullable()
    })

    this.schema.alterTable('bookings', (table) => {
      table.string('required_documents', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('required_documents')
    })
    this.schema.alterTable('booking_status_history', (table) => {
      table.dropColumn('event')
      table.dropColumn('document_id')
      table.dropColumn('document_type')
    })
    this.schema.alterTable('booking_documents', (table) => {
      table.dropForeign(['reviewed_by_id'])
      table.dropIndex(['replaced_by_id'])
      table.dropColumn('review_status')
      table.dropColumn('review_reason')
      table.dropColumn('reviewed_by_id')
      table.dropColumn('reviewed_at')
      table.dropColumn('replaced_by_id')
    })
  }
}
