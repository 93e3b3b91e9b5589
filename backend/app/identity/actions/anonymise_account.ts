import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MEMBER_POSITION } from '#identity/models/user'
import type User from '#identity/models/user'
import { announceAccessEndedOnCommit } from '#identity/events'

/** The name an anonymised account keeps, so that staff screens still tell records apart. */
export function anonymousName(userId: number) {
  return `Deleted user #${userId}`
}

/**
 * The row stays (bookings point at it) but nothing in it names the person: a reserved non-deliverable email,
 * a password nobody knows, and every sign-in, two-factor secret and recovery code deleted. Runs in the
 * caller's transaction, on a row it has locked.
 */
export async function anonymiseAccount(trx: TransactionClientContract, user: User): Promise<User> {
  user.useTransaction(trx)
  user.name = anonymousName(user.id)
  user.email = `deleted-user-${user.id}@deleted.invalid`
  user.password = randomBytes(32).toString('base64url')
  user.phone = null
  user.address = null
  user.company = null
  user.role = 'user'
  user.position = MEMBER_POSITION
  user.agencyId = null
  user.agencyStatus = 'none'
  user.agencyStatusDate = null
  user.agencyRequestDate = null
  user.agencyRequestMessage = null
  user.bumiputeraStatus = 'none'
  user.bumiputeraKind = null
  user.bumiputeraVerifiedBy = null
  user.bumiputeraVerifiedAt = null
  user.anonymisedAt = DateTime.now()
  await user.save()
  await trx.from('auth_access_tokens').where('tokenable_id', user.id).delete()
  await trx.from('sessions').where('user_id', String(user.id)).delete()
  await trx.from('user_recovery_codes').where('user_id', user.id).delete()
  await trx.from('user_two_factors').where('user_id', user.id).delete()
  announceAccessEndedOnCommit(trx, { userId: user.id, cause: 'account_deleted' })
  return user
}
