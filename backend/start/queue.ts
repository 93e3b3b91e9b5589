import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

/**
 * The web server registers the recurring jobs (start/schedules.ts) and, unless
 * QUEUE_WORKER_IN_WEB=false, runs the queue's worker: the emails, the hold clock every minute,
 * pruning hourly, document retention daily. With QUEUE_WORKER_IN_WEB=false, `node ace
 * queue:work` processes run them. Neither keeps the process alive past its shutdown.
 */
async function startWorker() {
  if (env.get('QUEUE_WORKER_IN_WEB') === false) return
  const { startWebWorker, stopWithApp } = await import('#core/queue/workers')
  const worker = await startWebWorker()
  if (worker) await stopWithApp(worker)
}

/** Seconds between attempts: soon after a passing hiccup, then every minute. */
const SCHEDULES_RETRY_SECONDS = [5, 15, 60]

/** A server started before the deploy's migrations registers the schedules once their table exists. */
async function registerSchedulesSoon() {
  const { registerSchedules } = await import('#start/schedules')
  for (let attempt = 0; !app.isTerminating && !app.isTerminated; attempt++) {
    try {
      return await registerSchedules()
    } catch (error) {
      const seconds = SCHEDULES_RETRY_SECONDS[Math.min(attempt, SCHEDULES_RETRY_SECONDS.length - 1)]
      logger.warn({ err: error }, `the schedules could not be registered; trying again in ${seconds} s`)
      await sleep(seconds * 1000, undefined, { ref: false })
    }
  }
}

startWorker().catch((error) => logger.error({ err: error }, 'the queue worker did not start'))
void registerSchedulesSoon()
