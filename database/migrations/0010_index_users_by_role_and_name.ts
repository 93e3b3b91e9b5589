import { BaseSchema } from '@adonisjs/lucid/schema'

/** The create-booking form's client list: users of role user, by name, paged in SQL. */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['role', 'name'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['role', 'name'])
    })
  }
}
