import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The transactional outbox (migration 0030): what a change owes others after it commits (a booking
 * transition's notifications and emails) is written as a row in the change's own transaction, so
 * it exists exactly when the change committed, and is delivered afterwards by a `DeliverOutbox`
 * job, never in the request. Each delivery runs its handlers in one transaction that also
 * deletes the row: delivered once, or not at all and tried again. Topics are declared by the
 * modules that write them (`declare module '#core/outbox'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OutboxTopics {}

export type OutboxTopic = keyof OutboxTopics & string

/**
 * Does a topic's work in the delivery's transaction; what must follow its commit (queueing
 * emails, live pushes) it returns, to run once the transaction committed.
 */
export type OutboxHandler<Topic extends OutboxTopic> = (
  payload: OutboxTopics[Topic],
  trx: TransactionClientContract
) => Promise<void | (() => Promise<void>)>

export const OUTBOX_TABLE = 'event_outbox'
/** A row not delivered this long after it was written is the sweep's (a lost dispatch, a failure). */
export const SWEEP_AFTER_MS = 30_000
/** Tries before a row is left for someone to look at (logged as an error each time it fails). */
export const MAX_ATTEMPTS = 5

const handlers = new Map<string, Array<OutboxHandler<OutboxTopic>>>()
const dispatches = new Set<Promise<void>>()
/** How a committed row's delivery is queued (start/events.ts: a `DeliverOutbox` job); none: the sweep's. */
let dispatcher: ((id: number) => Promise<unknown>) | null = null

export function dispatchOutboxWith(dispatch: (id: number) => Promise<unknown>): void {
  dispatcher = dispatch
}

export function onOutbox<Topic extends OutboxTopic>(topic: Topic, handler: OutboxHandler<Topic>): void {
  handlers.set(topic, [...(handlers.get(topic) ?? []), handler as OutboxHandler<OutboxTopic>])
}

/** For tests: replaces a topic's handlers until the returned function puts them back. */
export function swapOutboxHandlers<Topic extends OutboxTopic>(topic: Topic, replacement: OutboxHandler<Topic>[]) {
  const kept = handlers.get(topic) ?? []
  handlers.set(topic, replacement as Array<OutboxHandler<OutboxTopic>>)
  return () => void handlers.set(topic, kept)
}

/**
 * Writes `payload` for `topic` in `trx`; once `trx` commits, its delivery is dispatched to the job
 * queue without anyone waiting for it (a rollback takes the row with it and dispatches nothing).
 */
export async function recordOutbox<Topic extends OutboxTopic>(
  trx: TransactionClientContract,
  topic: Topic,
  payload: OutboxTopics[Topic]
): Promise<number> {
  const [id] = await trx
    .table(OUTBOX_TABLE)
    .insert({ topic, payload: JSON.stringify(payload), created_at: new Date(), attempts: 0 })
  trx.after('commit', async () => dispatchDelivery(Number(id)))
  return Number(id)
}

function dispatchDelivery(id: number): void {
  if (!dispatcher) return
  const dispatch = Promise.resolve(id)
    .then(dispatcher)
    .then(() => {})
    .catch((error) => {
      logger.error({ err: error, outboxId: id }, 'an outbox delivery could not be dispatched; the sweep delivers it')
    })
  dispatches.add(dispatch)
  void dispatch.finally(() => dispatches.delete(dispatch))
}

/**
 * Resolves once the deliveries dispatched so far are queued (on the `sync` queue of tests: done).
 * The web server's shutdown waits for it, so a committed change's dispatch is not cut off.
 */
export async function outboxDispatched(): Promise<void> {
  while (dispatches.size > 0) await Promise.allSettled([...dispatches])
}

/** Delivers row `id` if it is still there (another delivery may have taken it); true when this one did. */
export async function deliverOutbox(id: number): Promise<boolean> {
  const follow: Array<() => Promise<void>> = []
  let delivered: boolean
  try {
    delivered = await db.transaction(async (trx) => {
      const row = await trx.from(OUTBOX_TABLE).where('id', id).forUpdate().first()
      if (!row) return false
      const payload = JSON.parse(row.payload)
      for (const handler of handlers.get(row.topic) ?? []) {
        const then = await handler(payload, trx)
        if (then) follow.push(then)
      }
      await trx.from(OUTBOX_TABLE).where('id', id).delete()
      return true
    })
  } catch (error) {
    await db
      .from(OUTBOX_TABLE)
      .where('id', id)
      .update({ attempts: db.raw('attempts + 1'), last_error: String(error).slice(0, 1000) })
      .catch(() => {})
    logger.error({ err: error, outboxId: id }, 'an outbox delivery failed; the sweep tries it again')
    throw error
  }
  for (const then of follow) {
    try {
      await then()
    } catch (error) {
      logger.error({ err: error, outboxId: id }, 'a delivered outbox row could not finish its follow-up')
    }
  }
  return delivered
}

/** The sweep (every minute): rows a dispatch lost or a delivery failed, oldest first, a page at a time. */
export async function deliverDueOutbox(now = new Date()): Promise<{ delivered: number; failed: number }> {
  const rows = await db
    .from(OUTBOX_TABLE)
    .where('created_at', '<=', new Date(now.getTime() - SWEEP_AFTER_MS))
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(100)
    .select('id')
  let delivered = 0
  let failed = 0
  for (const row of rows) {
    try {
      if (await deliverOutbox(Number(row.id))) delivered++
    } catch {
      failed++
    }
  }
  return { delivered, failed }
}
