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

if (app.getEnvironment() === 'web') {
  setTimeout(prune, 60_000).unref()
  setInterval(prune, HOUR).unref()
}
