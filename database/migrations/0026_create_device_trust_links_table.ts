import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Emailed one-time links that make a browser or an API client a known device of an account
 * (docs/decisions/013-device-trust-links.md), so that guessing the account's password from
 * many addresses cannot keep its owner out of a new device. Only the token's SHA-256 is kept;
 * `used_at` is stamped by a conditional update, so a link works once, and only until
 * `expires_at`.
 */
export default class extends BaseSchema {
  protected tableName = 'device_trust_links'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.dateTime('expires_at').notNullable()
      table.dateTime('used_at').nullable()
      table.dateTime('created_at').notNullable()

      // The prune's scan.
      table.index(['expires_at'], 'device_trust_links_expiry_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
