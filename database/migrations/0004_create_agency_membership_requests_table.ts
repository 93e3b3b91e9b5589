import { BaseSchema } from '@adonisjs/lucid/schema'

/** Every membership request and its decision is kept: the table is the history. */
export default class extends BaseSchema {
  protected tableName = 'agency_membership_requests'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      // The history outlives the agency: deleting it keeps the rows, unlinked.
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table.string('position', 100).notNullable().defaultTo('Member')
      table.text('message').nullable()
      table.enu('status', ['pending', 'approved', 'rejected', 'withdrawn']).notNullable()
      table.integer('decided_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('decided_at').nullable()
      table.text('decision_notes').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['agency_id', 'status', 'created_at'])
      table.index(['user_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
