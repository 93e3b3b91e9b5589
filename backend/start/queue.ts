import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

/**
 * The web server registers the recurring jobs (start/schedules.ts) and, unless
 * QUEUE_WORKER_IN_WEB=false, runs the queue's worker: the emails, the hold clock every minute,
 * pruning hourly, document retention daily. With QUEUE_WORKER_IN_WEB=false, `node ace
 * queue:work` processes run them. The worker never keeps the process alive past its shutdown.
 */
async function startQueue() {
  const { registerSchedules } = await import('#start/schedules')
  await registerSchedules()
  if (env.get('QUEUE_WORKER_IN_WEB') === false) return
  const { startWebWorker } = await import('#core/queue/workers')
  const worker = await startWebWorker()
  if (worker) app.terminating(() => worker.stop())
}

startQueue().catch((error) => logger.error({ err: error }, 'the job queue did not start in this process'))
