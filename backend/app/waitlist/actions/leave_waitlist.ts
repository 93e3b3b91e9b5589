import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import type { User } from '#identity'
import { Lot } from '#inventory'
import { afterCommit, endPlace, lockLine, offerNextInLine } from '#waitlist/actions/offer_next'
import { LOT_NOT_FOUND, NOT_WAITING } from '#waitlist/messages'
import type { WaitlistOffer } from '#waitlist/notices'

/** Leaving during one's offer passes the lot on at once. */
export default class LeaveWaitlist {
  async handle(user: User, lotId: number, now: DateTime = DateTime.utc()): Promise<void> {
    await db.transaction(async (trx) => {
      const lot = await Lot.query({ client: trx }).where('id', lotId).forUpdate().first()
      if (!lot) throw AppError.notFound(LOT_NOT_FOUND)
      const line = await lockLine(trx, lot.id)
      const mine = line.find((entry) => entry.userId === user.id)
      if (!mine) throw AppError.notFound(NOT_WAITING)
      const wasOffered = mine.status === 'offered'
      await endPlace(trx, mine, 'left', now)
      let offer: WaitlistOffer | null = null
      if (wasOffered && lot.status === 'available') {
        ;({ offer } = await offerNextInLine(
          trx,
          lot,
          now,
          line.filter((entry) => entry !== mine)
        ))
      }
      await afterCommit(trx, lot.id, offer ? [offer] : [])
    })
  }
}
