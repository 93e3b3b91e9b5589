import { BaseSchema } from '@adonisjs/lucid/schema'

const ROLES = ['user', 'agent_admin', 'admin', 'super_admin'] as const
const AGENCY_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('password', 255).notNullable()
      table
        .enu('role', [...ROLES])
        .notNullable()
        .defaultTo('user')
      table.string('phone', 32).nullable()
      table.string('address', 500).nullable()
      table.string('company', 150).nullable()
      table.string('position', 100).notNullable().defaultTo('Member')
      table.integer('agency_id').unsigned().nullable().references('id').inTable('agencies').onDelete('SET NULL')
      table
        .enu('agency_status', [...AGENCY_STATUSES])
        .notNullable()
        .defaultTo('none')
      table.dateTime('agency_status_date').nullable()
      table.dateTime('agency_request_date').nullable()
      table.text('agency_request_message').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()

      table.index(['role', 'created_at'])
      table.index(['agency_id', 'agency_status'])
      table.index(['name'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
