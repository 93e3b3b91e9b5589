import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A person's rights under the PDPA (docs/privacy.md, "Access"): account deletion requests that a
 * super admin confirms or declines, the moment an account was anonymised, and on each booking
 * document the record that it existed and was deleted (when, by which rule) once its file is gone.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('account_deletion_requests', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      /** Who asked, as they were when they asked (the account is anonymised on confirmation). */
      table.string('user_label', 255).notNullable()
      table.string('reason', 1000).nullable()
      table.enu('status', ['pending', 'confirmed', 'declined']).notNullable().defaultTo('pending')
      table.integer('decided_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('decided_at').nullable()
      table.string('decline_reason', 1000).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['status', 'created_at'])
      table.index(['user_id', 'status'])
    })

    this.schema.alterTable('users', (table) => {
      table.dateTime('anonymised_at').nullable()
    })

    this.schema.alterTable('booking_documents', (table) => {
      table.dateTime('deleted_at').nullable()
      table.string('deletion_reason', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable('booking_documents', (table) => {
      table.dropColumn('deleted_at')
      table.dropColumn('deletion_reason')
    })
    this.schema.alterTable('users', (table) => {
      table.dropColumn('anonymised_at')
    })
    this.schema.dropTable('account_deletion_requests')
  }
}
