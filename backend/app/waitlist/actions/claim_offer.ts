import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import type { Lot } from '#inventory'
import { afterCommit, endPlace, lockLine } from '#waitlist/actions/offer_next'
import { heldForWaitlistMessage } from '#waitlist/notices'

/**
 * Inside the booking's create transaction, under the lot's lock (the same lock as the booking race): while
 * an offer runs only its person may be booked for the lot; anyone else gets a 409 naming the end of the
 * window.
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
  if (changed) await afterCommit(trx, lot.id)
}
