import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { QueueManager, Worker } from '@adonisjs/queue'
import type { QueueConfig, QueueManagerConfig } from '@adonisjs/queue/types'

/** config/queue.ts declares the adapters lazily; this makes them, as `node ace queue:work` does. */
export async function workerConfig(adapter?: string): Promise<QueueManagerConfig> {
  const config = app.config.get<QueueConfig>('queue')
  const adapters: QueueManagerConfig['adapters'] = {}
  for (const [name, factory] of Object.entries(config.adapters)) {
    adapters[name] = typeof factory === 'function' ? factory : await factory.resolver(app)
  }
  return {
    ...config,
    default: adapter ?? config.default,
    autoLoadJobs: false,
    adapters,
    jobFactory: (JobClass) => app.container.make(JobClass),
    logger,
  }
}

/** The web server's own worker; null when QUEUE_WORKER_IN_WEB=false or on the `sync` queue. */
export async function startWebWorker(): Promise<Worker | null> {
  const config = await workerConfig()
  if (config.default === 'sync') return null
  // The app stops the worker on its own shutdown, not on the signals themselves.
  const worker = new Worker({ ...config, worker: { ...config.worker, gracefulShutdown: false } })
  await QueueManager.loadJobs(config.locations)
  worker.start(['default']).catch((error) => logger.error({ err: error }, 'the queue worker stopped'))
  return worker
}

/** What `stopWithApp` needs of the application. */
interface Stoppable {
  readonly isTerminating: boolean
  readonly isTerminated: boolean
  terminating(hook: () => unknown): unknown
}

/**
 * Stops `worker` when the app stops, or at once when the stop began while it was starting: the
 * app's stopping hooks have run then, and a hook added now never would.
 */
export async function stopWithApp(worker: Pick<Worker, 'stop'>, application: Stoppable = app): Promise<void> {
  if (application.isTerminating || application.isTerminated) return worker.stop()
  application.terminating(() => worker.stop())
}

export type DrainReport = { completed: number }

/** Runs what is due now, then returns (`node ace mail:flush`, tests); later retries stay for the workers. */
export async function drainQueue(config?: QueueManagerConfig): Promise<DrainReport> {
  config ??= await workerConfig()
  const worker = new Worker({ ...config, worker: { ...config.worker, gracefulShutdown: false } })
  await QueueManager.loadJobs(config.locations)
  let completed = 0
  try {
    for (;;) {
      const cycle = await worker.processCycle(['default'])
      if (!cycle || cycle.type === 'idle') break
      if (cycle.type === 'error') throw cycle.error
      if (cycle.type === 'completed') completed++
    }
  } finally {
    await worker.stop()
  }
  return { completed }
}
