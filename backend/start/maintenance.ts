import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

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
 * The hold clock (docs/decisions/booking-hold-clock.md) ticks every minute in the web server:
 * holds past their deadline expire, so the lots they free are pushed live to the pages this
 * process serves, and the reminders that are due go out. Each booking is re-checked under its
 * lock, so several instances and a cron job running `bookings:expire` never expire one twice.
 */
async function startHoldClock() {
  const { startHoldClock: start } = await import('#bookings')
  const clock = start()
  app.terminating(() => clock.stop())
}

/**
 * The job queue's worker (config/queue.ts): sends the queued email, retrying failures with
 * back-off. Jobs are claimed one by one: every instance may run it. QUEUE_WORKER_IN_WEB=false
 * leaves the jobs to `node ace queue:work` processes.
 */
async function startQueueWorker() {
  if (env.get('QUEUE_WORKER_IN_WEB') === false) return
  const { startWebWorker } = await import('#core/queue/workers')
  const worker = await startWebWorker()
  if (worker) app.terminating(() => worker.stop())
}

/**
 * Document retention (docs/privacy.md, "Retention"): daily, booking documents past their
 * period are deleted and logged (`node ace documents:retention` does the same on demand). Each
 * booking is claimed under its row lock: every instance runs it, none deletes a file twice.
 */
const DAY = 24 * HOUR

async function applyRetention() {
  try {
    const { ApplyDocumentRetention } = await import('#bookings')
    const report = await new ApplyDocumentRetention().handle()
    if (report.deleted.length > 0) {
      logger.info(
        { documents: report.deleted.map((document) => document.documentId) },
        'deleted documents past retention'
      )
    }
  } catch (error) {
    logger.warn({ err: error }, 'the document retention run failed; will try again tomorrow')
  }
}

if (app.getEnvironment() === 'web') {
  startQueueWorker().catch((error) => logger.error({ err: error }, 'the queue worker did not start'))
  setTimeout(prune, 60_000).unref()
  setInterval(prune, HOUR).unref()
  startHoldClock().catch((error) => logger.warn({ err: error }, 'the hold clock did not start'))
  setTimeout(applyRetention, 5 * 60_000).unref()
  setInterval(applyRetention, DAY).unref()
}
