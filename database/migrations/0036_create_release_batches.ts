import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Phased release batches (docs/booking-workflow.md, "Lots not released"): a development's lots not
 * released, named together and released at `release_at` (UTC) by the scheduler, which sets
 * `lots.is_released` and `released_at` in one transaction. A batch is scheduled while `released_at`
 * is null; cancelling one deletes it (its lots stay not released).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('release_batches', (table) => {
      table.increments('id')
      table.integer('development_id').unsigned().notNullable().references('id').inTable('developments')
      table.string('name', 120).notNullable()
      table.dateTime('release_at').notNullable()
      table.dateTime('released_at').nullable()
      table.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      // The scheduler's question every minute: the batches due and not yet released.
      table.index(['release_at', 'released_at'])
      // A development's batches by date (the list).
      table.index(['development_id', 'release_at'])
    })

    this.schema.createTable('release_batch_lots', (table) => {
      table.integer('batch_id').unsigned().notNullable().references('id').inTable('release_batches').onDelete('CASCADE')
      // A deleted lot leaves its batch; the batch releases the others.
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('CASCADE')
      table.unique(['batch_id', 'lot_id'])
      // Whether a lot is already in a scheduled batch.
      table.index(['lot_id', 'batch_id'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('release_batch_lots')
    this.schema.dropTableIfExists('release_batches')
  }
}
