import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'agencies'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('name', 150).notNullable().unique()
      table.text('description').nullable()
      table.string('contact_email', 254).notNullable()
      table.string('contact_phone', 32).nullable()
      table.string('address', 500).nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['is_active', 'name'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
