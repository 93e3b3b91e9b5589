import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { Lot } from '#inventory'
import { User } from '#identity'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import LotWaitlistEntry, { LIVE_STATUSES } from '#waitlist/models/lot_waitlist_entry'
import { waitlistMinutesForLot } from '#waitlist/window'
import { announceLineChange } from '#waitlist/live'
import { recordOutbox } from '#core/outbox'
import type { WaitlistOffer } from '#waitlist/notices'

/** Callers lock the lot's row first: lot, then line, one order everywhere. */
export function lockLine(trx: TransactionClientContract, lotId: number) {
  return LotWaitlistEntry.query({ client: trx })
    .where('lot_id', lotId)
    .whereIn('status', [...LIVE_STATUSES])
    .orderBy('joined_at', 'asc')
    .orderBy('id', 'asc')
    .forUpdate()
}

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
 * An offer's notice is written in the change's transaction (the outbox delivers it after the commit); the
 * open pages hear of the line after the commit, a failure there logged, never thrown.
 */
export async function afterCommit(trx: TransactionClientContract, lotId: number, offers: WaitlistOffer[] = []) {
  if (offers.length > 0) {
    await recordOutbox(trx, 'waitlist:offered', {
      offers: offers.map((offer) => ({
        lotId: offer.lotId,
        userId: offer.userId,
        offerExpiresAt: offer.offerExpiresAt.toUTC().toISO()!,
      })),
    })
  }
  trx.after('commit', async () => {
    try {
      await announceLineChange(lotId)
    } catch (error) {
      logger.error({ err: error, lotId }, "a lot's waitlist change could not be announced")
    }
  })
}

/**
 * WaitlistPolicy.join's rule: a member who left or lost their agency after joining is no longer offered
 * lots.
 */
function mayStillRequest(user: Pick<User, 'role' | 'agencyId' | 'agencyStatus' | 'anonymisedAt'> | undefined) {
  if (!user || user.anonymisedAt !== null || isSuperAdmin(user.role)) return false
  return isAgentAdmin(user.role) || (user.agencyId !== null && user.agencyStatus === 'approved')
}

/**
 * An offer still running stays; expired offers pass; places of people who may no longer request the lot are
 * cancelled; then the first waiting place is offered it. The caller holds the lot's row lock.
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

export async function cancelLine(trx: TransactionClientContract, lotId: number, now: DateTime = DateTime.utc()) {
  const line = await lockLine(trx, lotId)
  for (const entry of line) await endPlace(trx, entry, 'cancelled', now)
  return line.length > 0
}

/** `available` offers the lot to the first in line, `sold` ends the line. */
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
    if (await cancelLine(trx, lot.id, now)) await afterCommit(trx, lot.id)
    return
  }
  const { offer, changed } = await offerNextInLine(trx, lot, now)
  if (changed) await afterCommit(trx, lot.id, offer ? [offer] : [])
}
