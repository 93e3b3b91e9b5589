import { BaseSchema } from '@adonisjs/lucid/schema'

/** The hold length when a development sets none: BOOKING_HOLD_DAYS (7 days), as before holds had a clock. */
function defaultHoldMinutes() {
  const days = Number(process.env.BOOKING_HOLD_DAYS)
  return Math.round((Number.isFinite(days) && days > 0 ? days : 7) * 24 * 60)
}

/**
 * Holds with a clock (docs/decisions/020-booking-hold-clock.md). Each development sets how long a
 * pending booking holds its lot (`hold_minutes`; null: the BOOKING_HOLD_DAYS default). Each
 * booking records its deadline (`held_until`, set at request time), when the reminder is due
 * and was sent (`remind_at`, `reminded_at`: 20% of the hold left, once), and its one extension
 * (`hold_extended_at`, by whom, why). The pending bookings that exist hold until their
 * creation plus the default, as the old fixed period had it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('developments', (table) => {
      table.integer('hold_minutes').unsigned().nullable()
    })

    this.schema.alterTable('bookings', (table) => {
      table.dateTime('held_until').nullable()
      table.dateTime('remind_at').nullable()
      table.dateTime('reminded_at').nullable()
      table.dateTime('hold_extended_at').nullable()
      table.integer('hold_extended_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('hold_extension_reason', 1000).nullable()
      // The scheduler's two scans: pending holds past their deadline, reminders due.
      table.index(['status', 'held_until'])
      table.index(['status', 'remind_at'])
    })

    this.defer(async (db) => {
      const minutes = defaultHoldMinutes()
      const remindAfter = Math.floor(minutes * 0.8)
      const sqlite = /sqlite/.test(db.dialect.name)
      const plus = (offset: number) =>
        sqlite ? `datetime(created_at, '+${offset} minutes')` : `DATE_ADD(created_at, INTERVAL ${offset} MINUTE)`
      await db.rawQuery(
        `UPDATE bookings SET held_until = ${plus(minutes)}, remind_at = ${plus(remindAfter)}
         WHERE status IN ('pending', 'pending_agent', 'pending_admin') AND held_until IS NULL`
      )
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropIndex(['status', 'held_until'])
      table.dropIndex(['status', 'remind_at'])
      table.dropForeign(['hold_extended_by_id'])
    })
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('held_until')
      table.dropColumn('remind_at')
      table.dropColumn('reminded_at')
      table.dropColumn('hold_extended_at')
      table.dropColumn('hold_extended_by_id')
      table.dropColumn('hold_extension_reason')
    })
    this.schema.alterTable('developments', (table) => {
      table.dropColumn('hold_minutes')
    })
  }
}
