import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The booking fee on record: one current fee per booking, recorded by the
 * agent admins of the booking's agency or a super admin. Record only, no money moves. Every
 * change is kept on the audit trail. `agency_id` copies the booking's agency and `reported_on`
 * the fee's date (received, else recorded) so the fees report groups and filters on one index.
 */
export default class extends BaseSchema {
  protected tableName = 'booking_fees'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table.integer('amount').unsigned().notNullable()
      table.string('method', 20).notNullable()
      table.string('reference', 120).nullable()
      table.string('status', 20).notNullable().defaultTo('expected')
      table.date('received_on').nullable()
      table.date('refunded_on').nullable()
      table.string('refund_reason', 1000).nullable()
      table.date('reported_on').notNullable()
      table.string('receipt_key', 255).nullable()
      table.string('receipt_name', 255).nullable()
      table.string('receipt_mime_type', 100).nullable()
      table.integer('receipt_size').unsigned().nullable()
      table.integer('recorded_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      // The report: by date range, then status and agency (covering: amount too).
      table.index(['reported_on', 'status', 'agency_id', 'amount'], 'booking_fees_report_index')
      table.index(['agency_id', 'reported_on'], 'booking_fees_agency_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
