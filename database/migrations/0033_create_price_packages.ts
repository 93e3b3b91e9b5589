import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Price packages (docs/prices.md, "Packages"): a development's named discounts, a percentage
 * (`percent_bp`, basis points: 500 is 5%) or a fixed amount (`amount_sen`, whole sen), in force
 * from `valid_from` until `valid_until` (null: open-ended), for all the development's lots or
 * those in `price_package_lots`, for everyone or only verified Bumiputera buyers. A package is
 * retired (`retired_at`), never deleted: bookings keep what they were made at.
 *
 * A booking records its discount and net price with its price (`bookings.discount_sen`,
 * `bookings.net_price_sen`) and a copy of each package applied (`booking_packages`): what a
 * package becomes later changes nothing on it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('price_packages', (table) => {
      table.increments('id')
      table.integer('development_id').unsigned().notNullable().references('id').inTable('developments')
      table.string('name', 120).notNullable()
      table.enu('kind', ['percent', 'fixed']).notNullable()
      table.integer('percent_bp').unsigned().nullable()
      table.bigint('amount_sen').unsigned().nullable()
      table.dateTime('valid_from').notNullable()
      table.dateTime('valid_until').nullable()
      table.boolean('all_lots').notNullable().defaultTo(true)
      table.boolean('combinable').notNullable().defaultTo(true)
      table.enu('eligibility', ['everyone', 'bumiputera']).notNullable().defaultTo('everyone')
      table.dateTime('retired_at').nullable()
      table.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      // A development's packages by start (the list's default order, the packages in force for a lot).
      table.index(['development_id', 'valid_from', 'id'])
    })

    this.schema.createTable('price_package_lots', (table) => {
      table.integer('package_id').unsigned().notNullable().references('id').inTable('price_packages')
      // A deleted lot leaves the packages it was named in; bookings keep their own copy.
      table.integer('lot_id').unsigned().notNullable().references('id').inTable('lots').onDelete('CASCADE')
      table.primary(['package_id', 'lot_id'])
      table.index(['lot_id', 'package_id'])
    })

    this.schema.alterTable('bookings', (table) => {
      table.bigint('discount_sen').unsigned().nullable()
      table.bigint('net_price_sen').unsigned().nullable()
    })

    this.schema.createTable('booking_packages', (table) => {
      table.integer('booking_id').unsigned().notNullable().references('id').inTable('bookings').onDelete('CASCADE')
      table.integer('package_id').unsigned().notNullable().references('id').inTable('price_packages')
      table.string('name', 120).notNullable()
      table.enu('kind', ['percent', 'fixed']).notNullable()
      table.integer('percent_bp').unsigned().nullable()
      table.bigint('amount_sen').unsigned().nullable()
      table.bigint('discount_sen').unsigned().notNullable()
      table.primary(['booking_id', 'package_id'])
      table.index(['package_id'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('booking_packages')
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('net_price_sen')
      table.dropColumn('discount_sen')
    })
    this.schema.dropTableIfExists('price_package_lots')
    this.schema.dropTableIfExists('price_packages')
  }
}
