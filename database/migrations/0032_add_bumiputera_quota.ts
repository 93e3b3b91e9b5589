import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Bumiputera quota of a Malaysian launch (docs/booking-workflow.md, "Bumiputera quota lots").
 *
 * `developments.bumiputera_quota_percent`: the share of the development's lots the state reserves
 * (0 to 100), null when the launch has none.
 * `lots.is_bumiputera_lot` marks a quota lot; its release by the state is on record when all three
 * of `bumi_released_at`, `bumi_release_authority` and `bumi_release_reference` are set (then anyone
 * may buy it).
 * `users.bumiputera_status`: none, declared (by the person), verified or rejected (by staff), with
 * who verified or rejected it and when. Only a verified buyer may book a quota lot not released.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('developments', (table) => {
      table.tinyint('bumiputera_quota_percent').unsigned().nullable()
    })

    this.schema.alterTable('lots', (table) => {
      table.boolean('is_bumiputera_lot').notNullable().defaultTo(false)
      table.dateTime('bumi_released_at').nullable()
      table.string('bumi_release_authority', 160).nullable()
      table.string('bumi_release_reference', 120).nullable()
    })

    this.schema.alterTable('users', (table) => {
      table.enu('bumiputera_status', ['none', 'declared', 'verified', 'rejected']).notNullable().defaultTo('none')
      table
        .integer('bumiputera_verified_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.dateTime('bumiputera_verified_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropForeign(['bumiputera_verified_by'])
      table.dropColumn('bumiputera_verified_at')
      table.dropColumn('bumiputera_verified_by')
      table.dropColumn('bumiputera_status')
    })
    this.schema.alterTable('lots', (table) => {
      table.dropColumn('bumi_release_reference')
      table.dropColumn('bumi_release_authority')
      table.dropColumn('bumi_released_at')
      table.dropColumn('is_bumiputera_lot')
    })
    this.schema.alterTable('developments', (table) => {
      table.dropColumn('bumiputera_quota_percent')
    })
  }
}
