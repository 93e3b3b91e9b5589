import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Consent and retention of booking documents under the PDPA
 * (docs/decisions/022-document-retention-and-consent.md).
 *
 * `privacy_notices`: the notice the booking forms show, one row per version (a super admin's
 * edit adds a version, never rewrites one). Version 1 is the backend's built-in text
 * (app/bookings/privacy_notice_text.ts) and has no row.
 * `bookings.consent_notice_version`, `bookings.consented_at`: the version the requester
 * consented to and when; null on the bookings made before consent was asked.
 * `document_retention_deletions`: one row per document the retention run deleted (which
 * booking, which document, the rule and its period, when). No foreign keys: the log outlives
 * what it names.
 */

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('privacy_notices', (table) => {
      table.increments('id')
      table.integer('version').unsigned().notNullable().unique()
      table.text('body').notNullable()
      table.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
    })

    this.schema.alterTable('bookings', (table) => {
      table.integer('consent_notice_version').unsigned().nullable()
      table.dateTime('consented_at').nullable()
    })

    this.schema.createTable('document_retention_deletions', (table) => {
      table.increments('id')
      table.integer('booking_id').unsigned().notNullable()
      table.integer('document_id').unsigned().notNullable()
      table.string('document_type', 32).notNullable()
      table.string('document_name', 255).nullable()
      /** `unsold` or `sold`, with the period in days that applied. */
      table.string('rule', 16).notNullable()
      table.integer('retention_days').unsigned().notNullable()
      table.string('booking_status', 32).notNullable()
      table.dateTime('booking_ended_at').notNullable()
      table.dateTime('deleted_at').notNullable()

      table.index(['deleted_at'])
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable('document_retention_deletions')
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('consent_notice_version')
      table.dropColumn('consented_at')
    })
    this.schema.dropTable('privacy_notices')
  }
}
