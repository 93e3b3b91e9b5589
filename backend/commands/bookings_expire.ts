import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace bookings:expire [--days=N]`: pending bookings past their hold expire and their lots
 * return to available. The web server's hold clock does this every minute
 * (docs/decisions/020-booking-hold-clock.md); this command is for operators. Without `--days` each
 * booking's own deadline (`held_until`) counts; with it, bookings created more than N days ago.
 */
export default class BookingsExpire extends BaseCommand {
  static commandName = 'bookings:expire'
  static description = 'Expire pending bookings past their hold and free their lots'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: "Hold period in days (default: each booking's own deadline)" })
  declare days?: number

  async run() {
    const { ExpireHolds } = await import('#bookings')
    const days = this.days
    if (days !== undefined && (!Number.isFinite(days) || days <= 0)) {
      this.logger.error('--days must be a positive number')
      this.exitCode = 1
      return
    }
    this.logger.info(
      days === undefined
        ? 'Expiring pending bookings past their hold deadline'
        : `Expiring pending bookings older than ${days} day(s)`
    )
    const expired = await new ExpireHolds().handle(days)
    for (const hold of expired) {
      this.logger.success(
        `Booking #${hold.bookingId} (${hold.status}, created ${hold.createdAt}) expired; lot #${hold.lotId} is available again`
      )
    }
    this.logger.info(expired.length ? `${expired.length} booking(s) expired` : 'Nothing to expire')
  }
}
