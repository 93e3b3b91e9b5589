import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import type { User } from '#identity'
import { Lot } from '#inventory'
import { activeBookingOf } from '#bookings'
import LotWaitlistEntry from '#waitlist/models/lot_waitlist_entry'
import { afterCommit, lockLine } from '#waitlist/actions/offer_next'
import { ALREADY_BOOKED, ALREADY_WAITING, LOT_AVAILABLE, LOT_NOT_FOUND, LOT_SOLD } from '#waitlist/messages'

export type JoinedPlace = { entry: LotWaitlistEntry; position: number }

/**
 * Under the lot's row lock; the unique live key is the database's last word on one place per person per lot.
 * An available lot is requested, not waited for, unless an offer holds it.
 */
export default class JoinWaitlist {
  async handle(user: User, lotId: number, now: DateTime = DateTime.utc()): Promise<JoinedPlace> {
    try {
      return await db.transaction(async (trx) => {
        const lot = await Lot.query({ client: trx }).where('id', lotId).forUpdate().first()
        if (!lot) throw AppError.notFound(LOT_NOT_FOUND)
        if (lot.status === 'sold') throw AppError.conflict(LOT_SOLD)
        if ((await activeBookingOf(lot.id, user.id, trx)) !== null) throw AppError.conflict(ALREADY_BOOKED)
        const line = await lockLine(trx, lot.id)
        if (line.some((entry) => entry.userId === user.id)) throw AppError.conflict(ALREADY_WAITING)
        const held = line.some(
          (entry) => entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now
        )
        if (lot.status === 'available' && !held) throw AppError.conflict(LOT_AVAILABLE)
        const entry = await LotWaitlistEntry.create(
          { lotId: lot.id, userId: user.id, agencyId: user.agencyId, status: 'waiting', joinedAt: now },
          { client: trx }
        )
        await afterCommit(trx, lot.id)
        return { entry, position: line.length + 1 }
      })
    } catch (error) {
      if (/DUP|UNIQUE/i.test(`${(error as { code?: string }).code ?? ''} ${String(error)}`)) {
        throw AppError.conflict(ALREADY_WAITING)
      }
      throw error
    }
  }
}
