import db from '@adonisjs/lucid/services/db'
import LotWaitlistEntry, { LIVE_STATUSES } from '#waitlist/models/lot_waitlist_entry'

/** The most live places one person, or one lot's line, is answered with. */
export const MAX_PLACES = 500

/** 1 + the live places of that lot joined before it; one grouped self-join over the line index. */
export async function positionsOf(entries: Pick<LotWaitlistEntry, 'id'>[]): Promise<Map<number, number>> {
  if (entries.length === 0) return new Map()
  const live = [...LIVE_STATUSES]
  const rows: Array<Record<string, unknown>> = await db
    .from('lot_waitlist_entries as place')
    .join('lot_waitlist_entries as ahead', (join) => {
      join
        .on('ahead.lot_id', '=', 'place.lot_id')
        .andOnIn('ahead.status', live)
        .andOn((order) =>
          order
            .on('ahead.joined_at', '<', 'place.joined_at')
            .orOn((same) => same.on('ahead.joined_at', '=', 'place.joined_at').andOn('ahead.id', '<=', 'place.id'))
        )
    })
    .whereIn(
      'place.id',
      entries.map((entry) => entry.id)
    )
    .whereIn('place.status', live)
    .groupBy('place.id')
    .select('place.id', db.raw('COUNT(*) AS position'))
  return new Map(rows.map((row) => [Number(row.id), Number(row.position)]))
}

export async function placesOf(userId: number) {
  const entries = await LotWaitlistEntry.query()
    .where('user_id', userId)
    .whereIn('status', [...LIVE_STATUSES])
    .preload('lot', (lot) => lot.preload('development'))
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PLACES)
  return { entries, positions: await positionsOf(entries) }
}

/** With `agencyId`, only that agency's places, the positions staying the global ones. */
export async function lineOf(lotId: number, agencyId?: number) {
  const line = await LotWaitlistEntry.query()
    .where('lot_id', lotId)
    .whereIn('status', [...LIVE_STATUSES])
    .preload('user')
    .preload('agency')
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_PLACES)
  const positioned = line.map((entry, index) => ({ entry, position: index + 1 }))
  return agencyId === undefined ? positioned : positioned.filter(({ entry }) => entry.agencyId === agencyId)
}

/** An agency's members' live places across lots, newest first, one page at a time (counted in SQL). */
export async function agencyPlaces(agencyId: number, page: number, perPage: number) {
  const query = LotWaitlistEntry.query()
    .where('agency_id', agencyId)
    .whereIn('status', [...LIVE_STATUSES])
  const countRow = await query.clone().count('* as total').first()
  const total = Number(countRow?.$extras.total ?? 0)
  const entries = await query
    .clone()
    .preload('lot', (lot) => lot.preload('development'))
    .preload('user')
    .orderBy('joined_at', 'desc')
    .orderBy('id', 'desc')
    .offset((page - 1) * perPage)
    .limit(perPage)
  return { total, entries, positions: await positionsOf(entries) }
}
