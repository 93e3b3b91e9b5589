import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { Development, type Lot } from '#inventory'

/** The priority window of a development that sets none, unless WAITLIST_PRIORITY_MINUTES says otherwise. */
export const DEFAULT_WAITLIST_MINUTES = 15

/** A development's window is whole minutes, from one minute to a day. */
export const MAX_WAITLIST_MINUTES = 24 * 60

/** The window of a development that sets none: WAITLIST_PRIORITY_MINUTES, 15 unless configured. */
export function defaultWaitlistMinutes(): number {
  const minutes = Number(env.get('WAITLIST_PRIORITY_MINUTES') ?? DEFAULT_WAITLIST_MINUTES)
  return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : DEFAULT_WAITLIST_MINUTES
}

export function waitlistMinutesOf(development: Pick<Development, 'waitlistWindowMinutes'> | null): number {
  return development?.waitlistWindowMinutes ?? defaultWaitlistMinutes()
}

export async function waitlistMinutesForLot(trx: TransactionClientContract, lot: Pick<Lot, 'developmentId'>) {
  const development = await Development.query({ client: trx })
    .where('id', lot.developmentId)
    .select('waitlist_window_minutes')
    .first()
  return waitlistMinutesOf(development)
}
