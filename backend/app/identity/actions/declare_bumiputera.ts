import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import User, { type BumiputeraKind, type BumiputeraStatus } from '#identity/models/user'

export const BUMIPUTERA_ALREADY_VERIFIED = 'Your Bumiputera status is already verified.'

/**
 * A person declares their Bumiputera status (the documents module stores the evidence in the same
 * transaction). On the person's locked row, the one a booking for them and a staff decision lock: a
 * verified status is not declared over; a rejected one is declared again and waits for a new decision.
 */
export async function declareBumiputera(
  trx: TransactionClientContract,
  userId: number,
  kind: BumiputeraKind
): Promise<{ user: User; previous: BumiputeraStatus }> {
  const locked = await User.query({ client: trx }).where('id', userId).forUpdate().firstOrFail()
  const previous = locked.bumiputeraStatus
  if (previous === 'verified') throw AppError.conflict(BUMIPUTERA_ALREADY_VERIFIED)
  locked.useTransaction(trx)
  locked.bumiputeraStatus = 'declared'
  locked.bumiputeraKind = kind
  locked.bumiputeraVerifiedBy = null
  locked.bumiputeraVerifiedAt = null
  await locked.save()
  return { user: locked, previous }
}
