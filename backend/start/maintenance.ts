import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'

/**
 * The web server prunes expired limiter counters, sessions and tokens once shortly after it
 * starts and then hourly (`node ace maintenance:prune` does the same on demand). The timer
 * never keeps the process alive.
 */
const HOUR = 60 * 60 * 1000

async function prune() {
  try {
    const { default: PruneExpiredState } = await import('#core/maintenance/prune_expired_state')
    const report = await new PruneExpiredState().handle()
    if (report.rateLimits + report.sessions + report.accessTokens > 0) logger.info(report, 'pruned expired state')
  } catch (error) {
    logger.warn({ err: error }, 'pruning expired state failed; will try again in an hour')
  }
}

if (app.getEnvironment() === 'web') {
  setTimeout(prune, 60_000).unref()
  setInterval(prune, HOUR).unref()
}
