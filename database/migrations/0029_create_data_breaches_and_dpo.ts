import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The PDPA's breach and officer duties (docs/privacy.md, "Breaches" and "Data protection officer").
 *
 * `data_breaches`: the breach register. Each incident, the Commissioner's notification (the 72-hour
 * clock runs from `discovered_at`) and when the affected people were first told (the 7-day clock
 * runs from the Commissioner's notification). Kept at least two years: no job deletes these rows,
 * and the recorder is named as they were (no foreign key), so the record outlives the account.
 * `data_breach_notices`: each notice emailed to the affected people, with its text and recipients.
 * `data_protection_officers`: the one contact the privacy notice and the public site show (id 1).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_breaches', (table) => {
      table.increments('id')
      table.dateTime('discovered_at').notNullable()
      table.text('description').notNullable()
      table.string('affected_people', 500).notNullable()
      /** JSON array of the kinds of data involved (privacy/models/data_breach.ts). */
      table.text('data_kinds').notNullable()
      table.integer('affected_count').unsigned().notNullable()
      table.string('status', 16).notNullable().defaultTo('open')
      table.dateTime('commissioner_notified_at').nullable()
      table.string('commissioner_reference', 100).nullable()
      table.dateTime('individuals_notified_at').nullable()
      table.dateTime('closed_at').nullable()
      table.integer('recorded_by_id').unsigned().nullable()
      table.string('recorded_by_name', 120).notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['status', 'discovered_at'])
      table.index(['discovered_at'])
    })

    this.schema.createTable('data_breach_notices', (table) => {
      table.increments('id')
      table.integer('data_breach_id').unsigned().notNullable().references('id').inTable('data_breaches')
      table.string('subject', 200).notNullable()
      table.text('body').notNullable()
      /** JSON array of the email addresses it was sent to. */
      table.text('recipients').notNullable()
      table.integer('recipient_count').unsigned().notNullable()
      table.integer('sent_by_id').unsigned().nullable()
      table.string('sent_by_name', 120).notNullable()
      table.dateTime('sent_at').notNullable()

      table.index(['data_breach_id', 'sent_at'])
    })

    this.schema.createTable('data_protection_officers', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('email', 254).notNullable()
      table.string('phone', 40).notNullable()
      table.integer('updated_by_id').unsigned().nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('data_protection_officers')
    this.schema.dropTable('data_breach_notices')
    this.schema.dropTable('data_breaches')
  }
}
