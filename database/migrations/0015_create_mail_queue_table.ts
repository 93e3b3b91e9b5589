import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Outgoing mail waiting for SMTP: in production without SMTP configured, every message is
 * kept here (the whole message as nodemailer's JSON, attachments included) instead of being
 * lost or written to one machine's disk; `node ace mail:flush` sends what is queued once SMTP
 * is set. A flush claims a row before sending it (`claimed_at`), so two flushes never send one
 * message twice.
 */
export default class extends BaseSchema {
  protected tableName = 'mail_queue'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('message_id', 255).nullable()
      table.string('recipients', 1000).notNullable()
      table.string('subject', 255).notNullable()
      table.text('message', 'longtext').notNullable()
      table.text('envelope').notNullable()
      table.enu('status', ['queued', 'sending', 'sent']).notNullable().defaultTo('queued')
      table.integer('attempts').unsigned().notNullable().defaultTo(0)
      table.text('last_error').nullable()
      table.dateTime('claimed_at').nullable()
      table.dateTime('sent_at').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['status', 'id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
