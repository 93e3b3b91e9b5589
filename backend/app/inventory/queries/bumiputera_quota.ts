import db from '@adonisjs/lucid/services/db'

/** A lot's release counts once its date, authority and reference are all on record (inventory/bumiputera.ts). */
const RELEASED = `(is_bumiputera_lot = ? and bumi_released_at is not null and coalesce(bumi_release_authority, '') <> ''
  and coalesce(bumi_release_reference, '') <> '')`
const HELD = `(is_bumiputera_lot = ? and not ${RELEASED})`

/**
 * The quota-fill panel's figures for one development, counted in one SQL statement: the required share
 * (percent and lots, rounded up), the quota lots, those released by the state, and of those still reserved
 * how many are sold, taken by a booking in progress (reserved, pending, booked) or available.
 */
export async function bumiputeraQuotaFill(developmentId: number, quotaPercent: number | null) {
  const row = await db
    .from('lots')
    .where('development_id', developmentId)
    .select(
      db.raw('count(*) as total'),
      db.raw('sum(case when is_bumiputera_lot = ? then 1 else 0 end) as quota', [true]),
      db.raw(`sum(case when ${RELEASED} then 1 else 0 end) as released`, [true]),
      db.raw(`sum(case when ${HELD} and status = 'sold' then 1 else 0 end) as sold`, [true, true]),
      db.raw(`sum(case when ${HELD} and status in ('reserved', 'pending', 'booked') then 1 else 0 end) as booked`, [
        true,
        true,
      ]),
      db.raw(`sum(case when ${HELD} and status = 'available' then 1 else 0 end) as available`, [true, true])
    )
    .first()
  const count = (value: unknown) => Number(value ?? 0)
  const totalLots = count(row?.total)
  const quotaLots = count(row?.quota)
  const requiredLots = quotaPercent === null ? null : Math.ceil((totalLots * quotaPercent) / 100)
  return {
    developmentId,
    required: { percent: quotaPercent, lots: requiredLots },
    totalLots,
    quotaLots,
    shortOfRequired: requiredLots === null ? 0 : Math.max(0, requiredLots - quotaLots),
    booked: count(row?.booked),
    sold: count(row?.sold),
    available: count(row?.available),
    released: count(row?.released),
  }
}
