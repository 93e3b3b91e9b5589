import HoldClock from '#bookings/jobs/hold_clock'
import DeliverOutbox from '#core/jobs/deliver_outbox'
import DocumentRetention from '#documents/jobs/document_retention'
import PruneState from '#identity/jobs/prune_state'
import ReleaseDueLots from '#inventory/jobs/release_due_batches'

/**
 * The recurring jobs, as cron expressions (UTC): a restart never postpones a run, as a fixed
 * interval counted from the boot would. Stored in the queue (`queue_schedules`), each by its id:
 * registering again on every boot updates them. Whichever worker is free dispatches a due one,
 * claiming it (FOR UPDATE SKIP LOCKED on MySQL/MariaDB, SQLite's single writer) so several
 * instances never dispatch one run twice; the jobs also claim their rows under locks.
 */
export const SCHEDULES = [
  { id: 'hold-clock', job: HoldClock, cron: '* * * * *' },
  { id: 'prune-expired-state', job: PruneState, cron: '7 * * * *' },
  { id: 'document-retention', job: DocumentRetention, cron: '17 3 * * *' },
  // Outbox rows a lost dispatch or a failed delivery left behind (#core/outbox).
  { id: 'outbox-sweep', job: DeliverOutbox, cron: '* * * * *' },
  // Phased release: the batches whose time has come put their lots on sale.
  { id: 'release-due-lots', job: ReleaseDueLots, cron: '* * * * *' },
] as const

export async function registerSchedules(): Promise<void> {
  for (const schedule of SCHEDULES) {
    // TypeScript cannot type a static call on a union of classes; every one takes an empty payload.
    const job = schedule.job as typeof HoldClock
    await job.schedule({}).id(schedule.id).cron(schedule.cron).timezone('UTC')
  }
}
