import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import type { Lot } from '#inventory'
import { afterCommit, endPlace, lockLine } from '#waitlist/actions/offer_next'
import { heldForWaitlistMessage } from '#waitlist/notices'

/**
 * The priority window, inside the booking workflow's create transaction, right after the lot's
 * row is locked (so under the same lock as the booking race). While an offer of the lot runs,
 * only its person may be booked for it (their own request, or an agent admin's or super
 * admin's booking for them as the client): anyone else is refused with a 409 naming the end
 * of the window. When the booking goes ahead, the booker's place in the line is `fulfilled`
 * and an offer whose window ran out (the hold clock had not passed it on yet) is `passed`.
 */
export async function claimWaitlistedLot(
  trx: TransactionClientContract,
  lot: Pick<Lot, 'id'>,
  bookedFor: number,
  now: DateTime = DateTime.utc()
): Promise<void> {
  const line = await lockLine(trx, lot.id)
  if (line.length === 0) return
  const running = line.find(
    (entry) => entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now
  )
  if (running && running.userId !== bookedFor) {
    throw AppError.conflict(heldForWaitlistMessage(running.offerExpiresAt!, now))
  }
  let changed = false
  for (const entry of line) {
    if (entry.userId === bookedFor) {
      await endPlace(trx, entry, 'fulfilled', now)
      changed = true
    } else if (entry.status === 'offered') {
      await endPlace(trx, entry, 'passed', now)
      changed = true
    }
  }
  if (changed) afterCommit(trx, lot.id)
}
