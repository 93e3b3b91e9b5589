import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'

/**
 * The web server prunes expired limiter counters, dead sessions and expired tokens once
 * shortly after it starts and then hourly (`node ace maintenance:prune` does the same on
 * demand, `node ace auth:prune` the sessions and tokens alone). The timer never keeps the
 * process alive.
 */
const HOUR = 60 * 60 * 1000

async function prune() {
  try {
    const { default: PruneExpiredState } = await import('#core/maintenance/prune_expired_state')
    const { PruneSignIns } = await import('#identity')
    const report = await new PruneExpiredState(new PruneSignIns()).handle()
    if (report.rateLimits + report.sessions + report.accessTokens > 0) logger.info(report, 'pruned expired state')
  } catch (error) {
    logger.warn({ err: error }, 'pruning expired state failed; will try again in an hour')
  }
}

/**
 * Holds past their period expire from the web server too, every few minutes, so the lots they
 * free are pushed live to the pages this process serves (a separate `bookings:expire` process
 * has no way to reach them without a shared transport). Each booking is re-checked under its
 * lock, so this and a cron job running `bookings:expire` never expire one twice.
 */
const EXPIRY_EVERY = 5 * 60 * 1000

async function expireHolds() {
  try {
    const { ExpireHolds, DEFAULT_HOLD_DAYS } = await import('#bookings')
    const env = (await import('#start/env')).default
    const expired = await new ExpireHolds().handle(env.get('BOOKING_HOLD_DAYS') ?? DEFAULT_HOLD_DAYS)
    if (expired.length > 0) logger.info({ expired: expired.map((hold) => hold.bookingId) }, 'expired pending bookings')
  } catch (error) {
    logger.warn({ err: error }, 'expiring holds failed; will try again in five minutes')
  }
}

if (app.getEnvironment() === 'web') {
  setTimeout(prune, 60_000).unref()
  setInterval(prune, HOUR).unref()
  setTimeout(expireHolds, 30_000).unref()
  setInterval(expireHolds, EXPIRY_EVERY).unref()
}
