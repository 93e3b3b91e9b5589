import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `document_keys.key_check`: the check value of the master key that wrapped the row's key (an
 * HMAC-SHA256 of a fixed string under that key, hex; app/bookings/services/document_crypto.ts).
 * The master key is then known by the key itself, not by its `key_id` label. Rows wrapped
 * before have none: they are opened by trying the configured keys, and get one when
 * `node ace documents:rotate-key` re-wraps them.
 */
export default class extends BaseSchema {
  protected tableName = 'document_keys'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('key_check', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('key_check')
    })
  }
}
