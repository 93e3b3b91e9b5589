import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'contact_messages'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('email', 254).notNullable()
      table.string('phone', 32).notNullable()
      table.text('message').notNullable()
      table.enu('status', ['new', 'read']).notNullable().defaultTo('new')
      table.string('ip', 64).nullable()
      table.dateTime('read_at').nullable()
      table.dateTime('created_at').notNullable()

      table.index(['status', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
