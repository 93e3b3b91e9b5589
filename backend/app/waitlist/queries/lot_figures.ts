import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isoFromRow, sqlDateTime } from '#core/dates'
import { LIVE_STATUSES } from '#waitlist/models/lot_waitlist_entry'

export type WaitlistFigures = {
  /** People in the line now (waiting, and the one a running offer holds the lot for). */
  waitlistCount: number
  /** When a waitlist offer holds the lot (only its person may request it until then); null otherwise. */
  offeredUntil: string | null
}

export const NO_WAITLIST: WaitlistFigures = { waitlistCount: 0, offeredUntil: null }

/** One grouped query over the line index; lots with nobody in line are left out. */
export async function waitlistFigures(
  lotIds: number[],
  now: DateTime = DateTime.utc()
): Promise<Map<number, WaitlistFigures>> {
  if (lotIds.length === 0) return new Map()
  const rows: Array<Record<string, unknown>> = await db
    .from('lot_waitlist_entries')
    .whereIn('lot_id', [...new Set(lotIds)])
    .whereIn('status', [...LIVE_STATUSES])
    .groupBy('lot_id')
    .select(
      'lot_id',
      db.raw('COUNT(*) AS waitlist_count'),
      db.raw(
        "MAX(CASE WHEN status = 'offered' AND offer_expires_at > ? THEN offer_expires_at ELSE NULL END) AS offered_until",
        [sqlDateTime(now)]
      )
    )
  return new Map(
    rows.map((row) => [
      Number(row.lot_id),
      { waitlistCount: Number(row.waitlist_count ?? 0), offeredUntil: isoFromRow(row.offered_until) },
    ])
  )
}
