import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `event_outbox`: what a committed change still owes others (a booking transition's
 * notifications and emails), written in the change's own transaction so a row exists exactly
 * when the change committed (#core/outbox). A delivery deletes its row in the transaction that
 * does the work; a row whose delivery failed keeps its attempts and last error.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('event_outbox', (table) => {
      table.bigIncrements('id')
      table.string('topic', 64).notNullable()
      table.text('payload', 'mediumtext').notNullable()
      table.dateTime('created_at').notNullable()
      table.integer('attempts').unsigned().notNullable().defaultTo(0)
      table.string('last_error', 1000).nullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('event_outbox')
  }
}
