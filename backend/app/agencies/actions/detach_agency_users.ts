import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MEMBER_POSITION, User, announceAccessEndedOnCommit } from '#identity'
import { sqlDateTime } from '#core/dates'

/** Its agent admins become normal users too. */
export default class DetachAgencyUsers {
  async handle(agencyId: number, trx: TransactionClientContract): Promise<number> {
    const rows = await User.query({ client: trx }).where('agency_id', agencyId).select('id').forUpdate()
    const ids = rows.map((row) => row.id)
    if (ids.length === 0) return 0

    const now = sqlDateTime()
    await User.query({ client: trx }).whereIn('id', ids).where('role', 'agent_admin').update({ role: 'user' })
    await User.query({ client: trx }).whereIn('id', ids).update({
      agency_id: null,
      agency_status: 'none',
      agency_status_date: now,
      position: MEMBER_POSITION,
      updated_at: now,
    })
    for (const userId of ids) announceAccessEndedOnCommit(trx, { userId, cause: 'agency_left' })
    return ids.length
  }
}
