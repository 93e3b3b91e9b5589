import db from '@adonisjs/lucid/services/db'
import { Locator, type Job } from '@adonisjs/queue'

/** The database queue's table (@adonisjs/queue's database adapter, migration 0027). */
const JOBS_TABLE = 'queue_jobs'

/** Through the primary connection's own pool, never through a transaction wrapping the request. */
export const queueJobsTable = () => db.manager.get(db.primaryConnectionName)!.connection!.client!(JOBS_TABLE)
const jobs = queueJobsTable

export const FAILED_JOB_SORTABLE = { failedAt: 'finished_at' } as const

export type FailedJob = {
  id: string
  queue: string
  name: string
  /** How many times it ran: the first run and each retry. */
  attempts: number
  lastError: string | null
  failedAt: string | null
  /** For an email: to whom and about what (never its body: it may carry personal data). */
  summary: string | null
}

type JobRow = { id: string; queue: string; data: string; error: string | null; finished_at: number | string | null }
type JobData = { name: string; attempts?: number; payload?: { message?: { to?: unknown; subject?: unknown } } }

function recipients(value: unknown): string {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.map((entry) => (typeof entry === 'string' ? entry : String(entry?.address ?? ''))).join(', ')
}

function serialize(row: JobRow): FailedJob {
  const data = JSON.parse(row.data) as JobData
  const message = data.name === 'SendMail' ? data.payload?.message : undefined
  return {
    id: row.id,
    queue: row.queue,
    name: data.name,
    attempts: (data.attempts ?? 0) + 1,
    lastError: row.error,
    failedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
    summary: message ? `To ${recipients(message.to)}: ${String(message.subject ?? '')}` : null,
  }
}

/** The library has no listing of its own: its table is read as its Knex adapter writes it. */
export async function listFailedJobs(options: { offset: number; limit: number; direction: 'asc' | 'desc' }) {
  const query = jobs().where('status', 'failed')
  const countRow = (await query.clone().count('* as total').first()) as { total?: number | string } | undefined
  const rows: JobRow[] = await query
    .clone()
    .orderBy('finished_at', options.direction)
    .orderBy('id', options.direction)
    .offset(options.offset)
    .limit(options.limit)
    .select('id', 'queue', 'data', 'error', 'finished_at')
  return { total: Number(countRow?.total ?? 0), jobs: rows.map(serialize) }
}

/**
 * Null when no failed job has this id: a concurrent retry took it (the conditional delete lets only one
 * through).
 */
export async function retryFailedJob(id: string): Promise<{ jobId: string } | null> {
  const row: JobRow | undefined = await jobs().where('id', id).where('status', 'failed').first()
  if (!row) return null
  const data = JSON.parse(row.data) as JobData & { payload: unknown }
  const JobClass = Locator.get(data.name)
  if (!JobClass) return null
  const deleted = await jobs().where('id', id).where('queue', row.queue).where('status', 'failed').delete()
  if (deleted === 0) return null
  const { jobId } = await (JobClass as unknown as typeof Job).dispatch(data.payload as never).toQueue(row.queue)
  return { jobId }
}
