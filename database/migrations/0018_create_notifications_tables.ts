import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notifications (docs/notifications.md): what each person is told about the bookings and
 * membership requests that concern them, read in the product (the bell) and, per their
 * preferences, by email.
 *
 * - `notifications`: one row per person told; the bell pages it newest first and counts the
 *   unread, both on the person's own index.
 * - `notification_preferences`: a row only where a person turned a kind's email off or on
 *   again (no row: email on).
 * - `mail_queue` learns retries: a send that fails waits `next_attempt_at` (1, 5, 15, 60
 *   minutes), and after the last try it is given up (`failed_at`) for a super admin to see and
 *   retry. A new column, not a new status value: SQLite cannot widen the status check in place.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('kind', 40).notNullable()
      table.string('title', 255).notNullable()
      table.text('body').notNullable()
      table.string('link', 500).nullable()
      table.dateTime('read_at').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['user_id', 'created_at'])
      table.index(['user_id', 'read_at'])
    })

    this.schema.createTable('notification_preferences', (table) => {
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('kind', 40).notNullable()
      table.boolean('email').notNullable()
      table.primary(['user_id', 'kind'])
    })

    this.schema.alterTable('mail_queue', (table) => {
      table.dateTime('next_attempt_at').nullable()
      table.dateTime('failed_at').nullable()
      table.index(['failed_at', 'id'])
    })
  }

  async down() {
    this.schema.alterTable('mail_queue', (table) => {
      table.dropIndex(['failed_at', 'id'])
    })
    this.schema.alterTable('mail_queue', (table) => {
      table.dropColumn('next_attempt_at')
      table.dropColumn('failed_at')
    })
    this.schema.dropTable('notification_preferences')
    this.schema.dropTable('notifications')
  }
}
