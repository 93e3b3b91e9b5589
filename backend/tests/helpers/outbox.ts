import db from '@adonisjs/lucid/services/db'
import { OUTBOX_TABLE, outboxDispatched } from '#core/outbox'

let waits = true

/** The test client's wait after each answer (tests/bootstrap.ts). */
export async function awaitOutboxAfterRequests() {
  if (waits) await outboxDispatched()
}

/** Until `restore`, the test client returns each answer as the server gives it, without waiting for the outbox. */
export function answersWithoutOutboxWait() {
  waits = false
  return () => {
    waits = true
  }
}

/** The outbox rows waiting for delivery, oldest first (in the test's transaction). */
export function outboxRows() {
  return db.from(OUTBOX_TABLE).orderBy('id').select('*')
}

export { outboxDispatched }

/**
 * On the database queue (tests/helpers/queue.ts) a delivery waits in `queue_jobs` as a
 * `DeliverOutbox` job: this does what those jobs do, in the test's transaction, oldest row first.
 */
export async function deliverOutboxNow() {
  const { deliverOutbox } = await import('#core/outbox')
  for (const row of await outboxRows()) await deliverOutbox(Number(row.id))
}
