import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Price lists with history (docs/decisions/025-price-lists.md): a development's prices are published
 * as versions, each effective from a moment (now or later); no version is ever changed or deleted.
 * Prices are whole sen (RM x 100) in integers: no rounding on the way in or out. A lot's price in
 * force is its entry in the latest version in force that lists it, else its own `lots.price`.
 * A booking records the price in force when it was requested (`bookings.price_sen`); null for
 * bookings made before price lists.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('price_list_versions', (table) => {
      table.increments('id')
      table.integer('development_id').unsigned().notNullable().references('id').inTable('developments')
      table.string('label', 120).notNullable()
      table.dateTime('effective_at').notNullable()
      table.integer('published_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('entry_count').unsigned().notNullable().defaultTo(0)
      table.dateTime('created_at').notNullable()
      // "The versions in force for a development at time T", newest first; also the paged list.
      table.index(['development_id', 'effective_at', 'id'])
    })

    this.schema.createTable('price_list_entries', (table) => {
      table.integer('version_id').unsigned().notNullable().references('id').inTable('price_list_versions')
      // A priced lot stays: the history is on record (a lot is retired by its status).
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('RESTRICT')
      table.bigint('price_sen').unsigned().notNullable()
      table.primary(['version_id', 'lot_id'])
      // A page of lots' prices: each lot's entries, joined to their versions.
      table.index(['lot_id', 'version_id'])
    })

    this.schema.alterTable('bookings', (table) => {
      table.bigint('price_sen').unsigned().nullable()
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('price_sen')
    })
    this.schema.dropTableIfExists('price_list_entries')
    this.schema.dropTableIfExists('price_list_versions')
  }
}
