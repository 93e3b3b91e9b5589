import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Portfolio entries now follow their booking through `booking:status_changed`; before, reads
 * caught them up. This brings every entry in line once, so none starts out stale.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const status = '(SELECT bookings.status FROM bookings WHERE bookings.id = agent_properties.booking_id)'
      await db.rawQuery(
        `UPDATE agent_properties SET status = CASE
           WHEN ${status} IN ('approved', 'booked', 'confirmed') THEN 'active'
           WHEN ${status} IN ('sold', 'completed') THEN 'sold'
           ELSE 'pending' END
         WHERE booking_id IS NOT NULL`
      )
    })
  }

  async down() {}
}
