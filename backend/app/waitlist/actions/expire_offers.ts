import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { sqlDateTime } from '#core/dates'
import { Lot } from '#inventory'
import LotWaitlistEntry from '#waitlist/models/lot_waitlist_entry'
import { afterCommit, endPlace, lockLine, offerNextInLine } from '#waitlist/actions/offer_next'

/** One lot whose offer ran out: who passed, and whom the lot is offered to now (null: open to everyone). */
export type PassedOffer = {
  lotId: number
  passedUserIds: number[]
  offeredTo: number | null
  offerExpiresAt: string | null
}

/**
 * Under the lot's row lock. Null when there was nothing to pass (another instance or a booking did it
 * meanwhile).
 */
export async function passExpiredOffers(lotId: number, now: DateTime = DateTime.utc()) {
  return db.transaction(async (trx): Promise<PassedOffer | null> => {
    const lot = await Lot.query({ client: trx }).where('id', lotId).forUpdate().first()
    if (!lot) return null
    const line = await lockLine(trx, lot.id)
    const expired = line.filter(
      (entry) => entry.status === 'offered' && (entry.offerExpiresAt === null || entry.offerExpiresAt <= now)
    )
    if (expired.length === 0) return null
    const passedUserIds = expired.map((entry) => entry.userId)
    if (lot.status !== 'available') {
      for (const entry of expired) await endPlace(trx, entry, 'passed', now)
      await afterCommit(trx, lot.id)
      return { lotId: lot.id, passedUserIds, offeredTo: null, offerExpiresAt: null }
    }
    const { offer } = await offerNextInLine(trx, lot, now, line)
    await afterCommit(trx, lot.id, offer ? [offer] : [])
    return {
      lotId: lot.id,
      passedUserIds,
      offeredTo: offer?.userId ?? null,
      offerExpiresAt: offer?.offerExpiresAt.toISO() ?? null,
    }
  })
}

/**
 * Lazy expiry before a booking's transaction, in its own commit so the next in line is offered the lot
 * whatever the booking's outcome. One indexed look-up when nothing ran out.
 */
export async function passExpiredOfferOf(lotId: number, now: DateTime = DateTime.utc()) {
  const expired = await LotWaitlistEntry.query()
    .where('lot_id', lotId)
    .where('status', 'offered')
    .where('offer_expires_at', '<=', sqlDateTime(now))
    .select('id')
    .first()
  if (expired) await passExpiredOffers(lotId, now)
}

/** Lot by lot, each under its own lock, so several instances pass each offer once. */
export default class ExpireOffers {
  async handle(now: DateTime = DateTime.utc()): Promise<PassedOffer[]> {
    const rows = await LotWaitlistEntry.query()
      .where('status', 'offered')
      .where('offer_expires_at', '<=', sqlDateTime(now))
      .distinct('lot_id')
      .orderBy('lot_id')
      .limit(1000)
    const passed: PassedOffer[] = []
    for (const row of rows) {
      const result = await passExpiredOffers(row.lotId, now)
      if (result) passed.push(result)
    }
    return passed
  }
}
