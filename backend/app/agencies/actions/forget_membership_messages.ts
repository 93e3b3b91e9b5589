import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** A deleted account's requests stay as history (counts hold), without the words the person wrote. */
export async function forgetMembershipMessages(trx: TransactionClientContract, userId: number) {
  await trx.from('agency_membership_requests').where('user_id', userId).update({ message: null })
}
