import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { Lot } from '#inventory'
import { User } from '#identity'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import LotWaitlistEntry, { LIVE_STATUSES } from '#waitlist/models/lot_waitlist_entry'
import { waitlistMinutesForLot } from '#waitlist/window'
import { announceLineChange } from '#waitlist/live'
import { notifyOffers, type WaitlistOffer } from '#waitlist/notices'

/**
 * The lot's live places (waiting, offered), first in line first, locked for the rest of the
 * transaction. Callers lock the lot's row first (lot, then line: one order everywhere).
 */
export function lockLine(trx: TransactionClientContract, lotId: number) {
  return LotWaitlistEntry.query({ client: trx })
    .where('lot_id', lotId)
    .whereIn('status', [...LIVE_STATUSES])
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .forUpdate()
}

/** Ends a place: its status and when. */
export async function endPlace(
  trx: TransactionClientContract,
  entry: LotWaitlistEntry,
  status: 'fulfilled' | 'left' | 'passed' | 'cancelled',
  now: DateTime
) {
  entry.useTransaction(trx)
  entry.status = status
  entry.endedAt = now
  await entry.save()
}

/**
 * Once `trx` commits: the people offered a lot are told, and the lot's line figures are pushed
 * live (the visitors' shared reads dropped first). A failure here is logged, never thrown:
 * the change is committed.
 */
export function afterCommit(trx: TransactionClientContract, lotId: number, offers: WaitlistOffer[] = []) {
  trx.after('commit', async () => {
    try {
      await notifyOffers(offers)
      await announceLineChange(lotId)
    } catch (error) {
      logger.error({ err: error, lotId }, "a lot's waitlist change could not be announced")
    }
  })
}

/**
 * Whether the person of a place may still request the lot (WaitlistPolicy.join's rule: an
 * approved member of an agency or an agent admin, and an account that was not anonymised).
 * A member who left or lost their agency after joining the line is no longer offered lots.
 */
function mayStillRequest(user: Pick<User, 'role' | 'agencyId' | 'agencyStatus' | 'anonymisedAt'> | undefined) {
  if (!user || user.anonymisedAt !== null || isSuperAdmin(user.role)) return false
  return isAgentAdmin(user.role) || (user.agencyId !== null && user.agencyStatus === 'approved')
}

/**
 * The lot is available: its line moves on. An offer still running stays; offers whose window
 * ran out are passed; waiting places of people who may no longer request the lot are
 * cancelled; then the first waiting place, if any, is offered the lot for its
 * development's window. Returns the new offer (told after the commit by the caller's
 * `afterCommit`), or null. The caller holds the lot's row lock (and may pass the line it locked).
 */
export async function offerNextInLine(
  trx: TransactionClientContract,
  lot: Pick<Lot, 'id' | 'developmentId'>,
  now: DateTime = DateTime.utc(),
  locked?: LotWaitlistEntry[]
): Promise<{ offer: WaitlistOffer | null; changed: boolean }> {
  const line = locked ?? (await lockLine(trx, lot.id))
  if (line.length === 0) return { offer: null, changed: false }
  if (line.some((entry) => entry.status === 'offered' && entry.offerExpiresAt && entry.offerExpiresAt > now)) {
    return { offer: null, changed: false }
  }
  let changed = false
  for (const entry of line.filter((place) => place.status === 'offered')) {
    await endPlace(trx, entry, 'passed', now)
    changed = true
  }
  const waiting = line.filter((entry) => entry.status === 'waiting')
  if (waiting.length === 0) return { offer: null, changed }
  const people = await User.query({ client: trx })
    .whereIn(
      'id',
      waiting.map((entry) => entry.userId)
    )
    .select('id', 'role', 'agency_id', 'agency_status', 'anonymised_at')
  const byId = new Map(people.map((person) => [person.id, person]))
  let next: LotWaitlistEntry | undefined
  for (const entry of waiting) {
    if (mayStillRequest(byId.get(entry.userId))) {
      next = entry
      break
    }
    await endPlace(trx, entry, 'cancelled', now)
    changed = true
  }
  if (!next) return { offer: null, changed }
  const minutes = await waitlistMinutesForLot(trx, lot)
  next.useTransaction(trx)
  next.status = 'offered'
  next.offeredAt = now
  next.offerExpiresAt = now.plus({ minutes })
  await next.save()
  return { offer: { lotId: lot.id, userId: next.userId, offerExpiresAt: next.offerExpiresAt }, changed: true }
}

/** A sold lot's line is over: every live place becomes `cancelled`. */
export async function cancelLine(trx: TransactionClientContract, lotId: number, now: DateTime = DateTime.utc()) {
  const line = await lockLine(trx, lotId)
  for (const entry of line) await endPlace(trx, entry, 'cancelled', now)
  return line.length > 0
}

/**
 * What a lot's new status does to its line, in the transaction that set it (a booking's
 * transition, an admin's edit, an import): `available` offers the lot to the first in line,
 * `sold` ends the line. The people offered it are told after the commit.
 */
export async function lineFollowsLot(
  trx: TransactionClientContract,
  lotId: number,
  status: string,
  now: DateTime = DateTime.utc()
): Promise<void> {
  if (status !== 'available' && status !== 'sold') return
  const lot = await Lot.query({ client: trx }).where('id', lotId).select('id', 'development_id').forUpdate().first()
  if (!lot) return
  if (status === 'sold') {
    if (await cancelLine(trx, lot.id, now)) afterCommit(trx, lot.id)
    return
  }
  const { offer, changed } = await offerNextInLine(trx, lot, now)
  if (changed) afterCommit(trx, lot.id, offer ? [offer] : [])
}
