import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { QueueManager } from '@adonisjs/queue'
import { drainQueue, workerConfig } from '#core/queue/workers'

/**
 * Tests run jobs as they are dispatched (QUEUE_DRIVER=sync in .env.test); a group that checks
 * the queue itself (retries, failures) puts them in the database queue until `restore`.
 * Call it before the test's global transaction: the queue's rows are written outside it, and
 * `queueJobs()` reads them there.
 */
export async function useDatabaseQueue() {
  // Made before the test's global transaction: the queue keeps to its own connection.
  const config = await workerConfig('database')
  await QueueManager.init(config)
  return {
    /** Runs what is due in the database queue now. */
    drain: () => drainQueue(config),
    restore: async () => {
      await QueueManager.init(await workerConfig())
    },
  }
}

import { queueJobsTable } from '#core/queue/failed_jobs'

export const queueJobs = queueJobsTable

/**
 * A group's `each.setup` for tests that read the database queue: an empty queue, jobs kept in it,
 * and the test's global transaction; all undone after the test.
 */
export async function inDatabaseQueue() {
  await queueJobs().delete()
  const queue = await useDatabaseQueue()
  const rollback = await testUtils.db().withGlobalTransaction()
  return async () => {
    await rollback()
    await queue.restore()
    await queueJobs().delete()
  }
}

/** The schedules a web server registered (start/schedules.ts), read and cleared outside the test's transaction. */
export const queueSchedules = () => db.manager.get(db.primaryConnectionName)!.connection!.client!('queue_schedules')

/** The emails waiting in the database queue for `address` (SendMail jobs' messages), oldest first. */
export async function queuedMailTo(address: string) {
  const rows = await queueJobsTable().orderBy('score').select('data')
  return rows
    .map((row) => JSON.parse(row.data))
    .filter((data) => data.name === 'SendMail' && JSON.stringify(data.payload.message.to).includes(address))
    .map((data) => data.payload.message)
}
