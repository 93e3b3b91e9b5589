import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Opaque bearer tokens of API clients, the database-backed browser sessions and the
 * rate-limit counters: everything the backend must share between instances.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('auth_access_tokens', (table) => {
      table.increments('id')
      table.integer('tokenable_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('type', 40).notNullable()
      table.string('name', 120).nullable()
      table.string('hash', 255).notNullable().unique()
      table.text('abilities').notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.dateTime('last_used_at').nullable()
      table.dateTime('expires_at').nullable()

      table.index(['tokenable_id'])
      table.index(['expires_at'])
    })

    this.schema.createTable('sessions', (table) => {
      table.string('id', 255).primary()
      table.text('data').notNullable()
      table.string('user_id', 40).nullable().index()
      table.dateTime('expires_at').notNullable().index()
    })

    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }

  async down() {
    this.schema.dropTable('rate_limits')
    this.schema.dropTable('sessions')
    this.schema.dropTable('auth_access_tokens')
  }
}
