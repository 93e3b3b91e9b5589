import { BaseSchema } from '@adonisjs/lucid/schema'

const LOT_STATUSES = ['available', 'reserved', 'pending', 'booked', 'sold', 'locked']

/**
 * A development (the spec's "property") holds its saleable inventory in one table;
 * an item is a `lot` or a `unit` (requirements: decisions.md#d9-lots-and-units).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('developments', (table) => {
      table.increments('id')
      table.string('slug', 80).notNullable().unique()
      table.string('name', 150).notNullable()
      table.string('property_type', 60).notNullable()
      table.string('location', 200).nullable()
      table.string('address', 500).nullable()
      table.text('description').nullable()
      table.integer('phase').unsigned().nullable()
      table.integer('total_units').unsigned().nullable()
      table.integer('launch_year').unsigned().nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['is_active', 'name'])
    })

    this.schema.createTable('lots', (table) => {
      table.increments('id')
      table
        .integer('development_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('developments')
        .onDelete('RESTRICT')
      table.enu('kind', ['lot', 'unit']).notNullable().defaultTo('lot')
      table.string('lot_number', 40).notNullable()
      table.string('unit_number', 40).nullable()
      table.string('name', 150).nullable()
      table.string('title', 150).nullable()
      table.text('description').nullable()
      table.string('location', 200).nullable()
      table.string('address', 500).nullable()
      table.string('note', 500).nullable()
      table.string('category', 40).nullable()
      table.string('type', 60).notNullable()
      table.enu('type_code', ['A', 'B', 'C']).nullable()
      table.string('property_type', 40).nullable()
      table.decimal('land_size_sqm', 10, 2).nullable()
      table.decimal('built_up_sqm', 10, 2).nullable()
      table.decimal('size_sqm', 10, 2).nullable()
      table.bigint('price').unsigned().nullable()
      table.string('spa_price', 60).nullable()
      table.integer('phase').unsigned().nullable()
      table.enu('status', LOT_STATUSES).notNullable().defaultTo('available')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.unique(['development_id', 'kind', 'lot_number'])
      table.index(['status', 'unit_number'])
      table.index(['type_code', 'status'])
      table.index(['development_id', 'kind', 'status'])
      table.index(['unit_number'])
      table.index(['price'])
      table.index(['category', 'type'])
    })
  }

  async down() {
    this.schema.dropTable('lots')
    this.schema.dropTable('developments')
  }
}
