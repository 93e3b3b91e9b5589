import { BaseSchema } from '@adonisjs/lucid/schema'

const BOOKING_STATUSES = [
  'pending',
  'pending_agent',
  'pending_admin',
  'approved',
  'confirmed',
  'rejected',
  'rejected_by_agent',
  'rejected_by_admin',
  'cancelled',
  'expired',
  'booked',
  'sold',
  'completed',
  'checking',
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('bookings', (table) => {
      table.increments('id')
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('RESTRICT')
      /**
       * Holds lot_id while the booking holds the lot (pending or won) and NULL otherwise.
       * Its unique index lets the database, not the application, refuse a second claim.
       */
      table
        .integer('active_lot_id')
        .unsigned()
        .nullable()
        .unique()
        .references('id')
        .inTable('lots')
        .onDelete('RESTRICT')
      table.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.enu('created_by', ['user', 'agent']).notNullable().defaultTo('user')
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table.integer('agent_admin_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.enu('status', BOOKING_STATUSES).notNullable()
      table.text('request_message').nullable()
      table.string('creator_name', 120).nullable()
      table.string('creator_email', 254).nullable()
      table.string('creator_phone', 32).nullable()
      table.string('contact_phone', 32).nullable()
      table.text('agent_notes').nullable()
      table.text('admin_notes').nullable()
      table.dateTime('agent_response_date').nullable()
      table.integer('responded_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('cancellation_date').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['status', 'created_at'])
      table.index(['agency_id', 'status', 'created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['created_by_id', 'created_at'])
      table.index(['lot_id', 'status'])
      table.index(['created_at'])
    })

    this.schema.createTable('booking_documents', (table) => {
      table.increments('id')
      table.integer('booking_id').unsigned().notNullable().references('id').inTable('bookings').onDelete('CASCADE')
      table.enu('document_type', ['cheque', 'ic_front', 'ic_back', 'uploaded_document', 'other']).notNullable()
      table.string('original_name', 255).notNullable()
      table.string('storage_key', 255).notNullable().unique()
      table.string('mime_type', 100).notNullable()
      table.integer('size_bytes').unsigned().notNullable()
      table.integer('uploaded_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()

      table.index(['booking_id', 'document_type'])
    })

    this.schema.createTable('booking_status_history', (table) => {
      table.increments('id')
      table.integer('booking_id').unsigned().notNullable().references('id').inTable('bookings').onDelete('CASCADE')
      table.enu('from_status', BOOKING_STATUSES).nullable()
      table.enu('to_status', BOOKING_STATUSES).notNullable()
      table.integer('changed_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.text('notes').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['booking_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('booking_status_history')
    this.schema.dropTable('booking_documents')
    this.schema.dropTable('bookings')
  }
}
