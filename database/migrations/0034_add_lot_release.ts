import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Phased release (docs/booking-workflow.md, "Lots not released").
 *
 * `lots.is_released`: a lot not released cannot be requested, booked or sold on any path. Every
 * existing lot stays released (the default), so nothing already on sale changes.
 * `developments.show_unreleased_lots`: whether the public pages show a lot not released as
 * "Not released" (true) or leave it out (false).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('lots', (table) => {
      table.boolean('is_released').notNullable().defaultTo(true)
    })
    this.schema.alterTable('developments', (table) => {
      table.boolean('show_unreleased_lots').notNullable().defaultTo(true)
    })
  }

  async down() {
    this.schema.alterTable('developments', (table) => {
      table.dropColumn('show_unreleased_lots')
    })
    this.schema.alterTable('lots', (table) => {
      table.dropColumn('is_released')
    })
  }
}
