import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Booking documents under Malaysia's PDPA.
 *
 * `document_keys`: one row per encrypted object on the private disk (booking documents, fee
 * receipts): its own AES-256-GCM key, wrapped by the master key named by `key_id`, with the
 * nonce and tag. Rotation rewrites `key_id` and `wrapped_key` only, never the objects.
 *
 * `document_accesses`: every view or download of a booking document: who (as they were then),
 * role, which document of which booking, from which address, when. Append-only; no foreign keys
 * (a row outlives the document, the booking and the user it names). Indexed for the super
 * admins' list (newest first, by booking, user, kind) and the requester's view of one booking.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('document_keys', (table) => {
      table.increments('id')
      table.string('storage_key', 255).notNullable().unique()
      table.string('key_id', 64).notNullable()
      table.string('wrapped_key', 96).notNullable()
      table.string('iv', 24).notNullable()
      table.string('tag', 32).notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['key_id', 'id'])
    })

    this.schema.createTable('document_accesses', (table) => {
      table.increments('id')
      table.integer('booking_id').unsigned().notNullable()
      table.integer('document_id').unsigned().nullable()
      table.string('document_type', 32).notNullable()
      table.string('document_name', 255).nullable()
      table.string('action', 16).notNullable()
      table.integer('user_id').unsigned().nullable()
      table.string('user_name', 120).notNullable()
      table.string('user_email', 254).notNullable()
      table.string('user_role', 20).notNullable()
      table.string('ip', 64).nullable()
      table.dateTime('created_at').notNullable()

      table.index(['created_at'])
      table.index(['booking_id', 'created_at'])
      table.index(['user_id', 'created_at'])
      table.index(['document_type', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('document_accesses')
    this.schema.dropTable('document_keys')
  }
}
