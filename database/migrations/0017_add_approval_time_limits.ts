import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Approval time limits (docs/decisions/021-approval-time-limits.md): each development sets how long
 * a request may wait at each tier (the agent admin's answer, the developer's decision), and each
 * booking records when it entered its current status, so the lists sort by time in queue and
 * pick out the overdue in SQL. The workflow writes `status_changed_at` with every transition;
 * the bookings that exist take it from their latest history row.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('developments', (table) => {
      table
        .integer('agent_target_minutes')
        .unsigned()
        .notNullable()
        .defaultTo(24 * 60)
      table
        .integer('developer_target_minutes')
        .unsigned()
        .notNullable()
        .defaultTo(48 * 60)
    })

    this.schema.alterTable('bookings', (table) => {
      table.dateTime('status_changed_at').nullable()
    })

    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE bookings SET status_changed_at = COALESCE(
           (SELECT MAX(history.created_at) FROM booking_status_history history WHERE history.booking_id = bookings.id),
           bookings.updated_at)`
      )
    })

    this.schema.alterTable('bookings', (table) => {
      // The queues: one tier's waiting bookings, oldest first, of all agencies or of one.
      table.index(['status', 'status_changed_at'])
      table.index(['agency_id', 'status', 'status_changed_at'])
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropIndex(['status', 'status_changed_at'])
      table.dropIndex(['agency_id', 'status', 'status_changed_at'])
    })
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('status_changed_at')
    })
    this.schema.alterTable('developments', (table) => {
      table.dropColumn('agent_target_minutes')
      table.dropColumn('developer_target_minutes')
    })
  }
}
