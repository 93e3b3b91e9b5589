import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace bookings:expire [--days=7]`: pending bookings older than the hold period
 * expire and their lots return to available. Schedule it hourly (cron, systemd timer).
 */
export default class BookingsExpire extends BaseCommand {
  static commandName = 'bookings:expire'
  static description = 'Expire pending bookings older than the hold period and free their lots'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Hold period in days (default BOOKING_HOLD_DAYS or 7)' })
  declare days?: number

  async run() {
    const { ExpireHolds, DEFAULT_HOLD_DAYS } = await import('#bookings')
    const env = (await import('#start/env')).default
    const days = this.days ?? env.get('BOOKING_HOLD_DAYS') ?? DEFAULT_HOLD_DAYS
    if (!Number.isFinite(days) || days <= 0) {
      this.logger.error('--days must be a positive number')
      this.exitCode = 1
      return
    }
    this.logger.info(`Expiring pending bookings older than ${days} day(s)`)
    const expired = await new ExpireHolds().handle(days)
    for (const hold of expired) {
      this.logger.success(
        `Booking #${hold.bookingId} (${hold.status}, created ${hold.createdAt}) expired; lot #${hold.lotId} is available again`
      )
    }
    this.logger.info(expired.length ? `${expired.length} booking(s) expired` : 'Nothing to expire')
  }
}
