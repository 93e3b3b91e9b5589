import { BaseSchema } from '@adonisjs/lucid/schema'

/** The agent admin's portfolio: catalogue entries, their images and every share. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('agent_properties', (table) => {
      table.increments('id')
      table.integer('agent_admin_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table.integer('lot_id').unsigned().nullable().references('id').inTable('lots').onDelete('SET NULL')
      table.integer('booking_id').unsigned().nullable().references('id').inTable('bookings').onDelete('SET NULL')
      table.string('display_name', 150).notNullable()
      table.text('description').nullable()
      table.enu('status', ['active', 'sold', 'pending']).notNullable().defaultTo('active')
      table.enu('source', ['own', 'agency']).notNullable().defaultTo('own')
      table.boolean('is_public').notNullable().defaultTo(true)
      table.string('property_type', 60).nullable()
      table.string('lot_number', 40).nullable()
      table.decimal('lot_size', 10, 2).nullable()
      table.decimal('built_up_area', 10, 2).nullable()
      table.bigint('price').unsigned().nullable()
      table.integer('price_per_sqft').unsigned().nullable()
      table.integer('bedrooms').unsigned().nullable()
      table.integer('bathrooms').unsigned().nullable()
      table.integer('parking').unsigned().nullable()
      table.text('features').nullable()
      table.text('amenities').nullable()
      table.string('address', 500).nullable()
      table.string('city', 100).nullable()
      table.string('state', 100).nullable()
      table.string('postcode', 10).nullable()
      table.decimal('expected_roi', 5, 2).nullable()
      table.decimal('rental_yield', 5, 2).nullable()
      table.date('completion_date').nullable()
      table.dateTime('date_owned').notNullable()
      table.integer('share_count').unsigned().notNullable().defaultTo(0)
      table.dateTime('last_shared_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['agent_admin_id', 'status', 'date_owned'])
      table.index(['agency_id', 'status', 'date_owned'])
      table.index(['display_name'])
      table.index(['price'])
      table.index(['share_count'])
    })

    this.schema.createTable('agent_property_images', (table) => {
      table.increments('id')
      table
        .integer('agent_property_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('agent_properties')
        .onDelete('CASCADE')
      table.enu('kind', ['hero', 'gallery']).notNullable()
      table.string('storage_key', 255).notNullable().unique()
      table.string('mime_type', 100).notNullable()
      table.integer('width').unsigned().nullable()
      table.integer('height').unsigned().nullable()
      table.integer('position').unsigned().notNullable().defaultTo(0)
      table.dateTime('created_at').notNullable()

      table.index(['agent_property_id', 'kind', 'position'])
    })

    this.schema.createTable('agent_property_shares', (table) => {
      table.increments('id')
      table
        .integer('agent_property_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('agent_properties')
        .onDelete('CASCADE')
      table.integer('shared_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('platform', 40).notNullable()
      table.dateTime('created_at').notNullable()

      table.index(['agent_property_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('agent_property_shares')
    this.schema.dropTable('agent_property_images')
    this.schema.dropTable('agent_properties')
  }
}
