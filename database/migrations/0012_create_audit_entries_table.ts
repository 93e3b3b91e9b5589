import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The audit trail of staff actions: append-only. The actor and the subject are kept as they
 * were at the time (ids without foreign keys, names copied), so an entry outlives the user,
 * lot or agency it names and no cascade ever rewrites it. Indexed for the backoffice list:
 * newest first, by actor, by subject, by action.
 */
export default class extends BaseSchema {
  protected tableName = 'audit_entries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('actor_id').unsigned().nullable()
      table.string('actor_name', 120).notNullable()
      table.string('actor_email', 254).notNullable()
      table.string('actor_role', 20).notNullable()
      table.string('action', 64).notNullable()
      table.string('subject_type', 32).notNullable()
      table.integer('subject_id').unsigned().nullable()
      table.string('subject_label', 255).nullable()
      table.text('before').nullable()
      table.text('after').nullable()
      table.string('ip', 64).nullable()
      table.dateTime('created_at').notNullable()

      table.index(['created_at'])
      table.index(['actor_id', 'created_at'])
      table.index(['subject_type', 'subject_id', 'created_at'])
      table.index(['action', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
