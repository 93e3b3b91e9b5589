import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two-step sign-in for staff (TOTP, RFC 6238). A user's authenticator in a table of its own:
 * the secret encrypted with the app key (`secret`), `enabled_at` set only once a code from
 * the app confirmed it, and the last time step a code was accepted for, so a code cannot be
 * replayed within its window. Recovery codes are kept as keyed hashes, one row each; using
 * one stamps `used_at` (a conditional update, so it works once).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('user_two_factors', (table) => {
      table.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE')
      table.text('secret').notNullable()
      table.dateTime('enabled_at').nullable()
      table.bigInteger('last_used_step').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    this.schema.createTable('user_recovery_codes', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('code_hash', 64).notNullable()
      table.dateTime('used_at').nullable()
      table.dateTime('created_at').notNullable()

      table.unique(['user_id', 'code_hash'])
    })
  }

  async down() {
    this.schema.dropTable('user_recovery_codes')
    this.schema.dropTable('user_two_factors')
  }
}
