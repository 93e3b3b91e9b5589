import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Bumiputera quota's documents (docs/booking-workflow.md, "Bumiputera quota lots").
 *
 * `users.bumiputera_kind`: whether the person declared as an individual or for a company.
 * `bumiputera_evidence`: the documents a declaration was made with, stored encrypted through the
 * document store like a booking's IC images; the row stays when the file is deleted
 * (`deleted_at`, `deletion_reason`), as the record that it existed.
 * `lot_release_documents`: the state's approval of a quota lot's release (private, super admins).
 * `document_accesses.booking_id` becomes optional: these files belong to a person or a lot, not
 * a booking, and their reads are logged in the same place.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.enu('bumiputera_kind', ['individual', 'company']).nullable()
    })

    this.schema.createTable('bumiputera_evidence', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enu('kind', ['individual', 'company']).notNullable()
      table.string('original_name', 255).notNullable()
      table.string('storage_key', 255).notNullable().unique()
      table.string('mime_type', 100).notNullable()
      table.integer('size_bytes').unsigned().notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('deleted_at').nullable()
      table.string('deletion_reason', 32).nullable()
      // A person's evidence, newest first (the screens' list, the export, the deletions).
      table.index(['user_id', 'id'])
    })

    this.schema.createTable('lot_release_documents', (table) => {
      table.increments('id')
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('CASCADE')
      table.string('original_name', 255).notNullable()
      table.string('storage_key', 255).notNullable().unique()
      table.string('mime_type', 100).notNullable()
      table.integer('size_bytes').unsigned().notNullable()
      table.integer('uploaded_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.index(['lot_id', 'id'])
    })

    this.schema.alterTable('document_accesses', (table) => {
      table.integer('booking_id').unsigned().nullable().alter()
    })
  }

  async down() {
    this.schema.alterTable('document_accesses', (table) => {
      table.integer('booking_id').unsigned().notNullable().alter()
    })
    this.schema.dropTableIfExists('lot_release_documents')
    this.schema.dropTableIfExists('bumiputera_evidence')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('bumiputera_kind')
    })
  }
}
