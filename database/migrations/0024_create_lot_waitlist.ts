import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A waitlist per lot (docs/decisions/023-lot-waitlist.md). One row per person
 * joining a lot's line: `waiting`, then `offered` when the lot is free again (only they may
 * request it until `offer_expires_at`), and in the end `fulfilled` (they booked it), `left`,
 * `passed` (their window ran out) or `cancelled` (the lot was sold). The line's order is
 * `joined_at, id` among the live (waiting, offered) rows of the lot.
 *
 * `live_key` is the lot's id while the row is live and NULL otherwise, computed by the
 * database: its unique index with `user_id` lets the database, not the application, refuse a
 * second live place in one lot's line (as `bookings.active_lot_id` refuses a second claim).
 *
 * `developments.waitlist_window_minutes`: how long the first in line alone may request a freed
 * lot; null: WAITLIST_PRIORITY_MINUTES (15 unless configured).
 */
export default class extends BaseSchema {
  protected tableName = 'lot_waitlist_entries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table.string('status', 16).notNullable().defaultTo('waiting')
      table.specificType(
        'live_key',
        "int unsigned GENERATED ALWAYS AS (CASE WHEN status IN ('waiting', 'offered') THEN lot_id END) STORED"
      )
      table.dateTime('joined_at').notNullable()
      table.dateTime('offered_at').nullable()
      table.dateTime('offer_expires_at').nullable()
      table.dateTime('ended_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['live_key', 'user_id'], { indexName: 'lot_waitlist_one_live_place' })
      // A lot's line in order; a person's places; an agency's members' places; the offers running out.
      table.index(['lot_id', 'status', 'joined_at'], 'lot_waitlist_line_index')
      table.index(['user_id', 'status'], 'lot_waitlist_user_index')
      table.index(['agency_id', 'status'], 'lot_waitlist_agency_index')
      table.index(['status', 'offer_expires_at'], 'lot_waitlist_offers_index')
    })

    this.schema.alterTable('developments', (table) => {
      table.integer('waitlist_window_minutes').unsigned().nullable()
    })
  }

  async down() {
    this.schema.alterTable('developments', (table) => {
      table.dropColumn('waitlist_window_minutes')
    })
    this.schema.dropTable(this.tableName)
  }
}
