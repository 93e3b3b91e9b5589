import db from '@adonisjs/lucid/services/db'

export async function countAgencies(): Promise<number> {
  const [row] = await db.from('agencies').count('* as total')
  return Number(row.total)
}

export async function countPendingMembershipRequests(agencyId?: number): Promise<number> {
  const query = db.from('agency_membership_requests').where('status', 'pending')
  if (agencyId !== undefined) query.where('agency_id', agencyId)
  const [row] = await query.count('* as total')
  return Number(row.total)
}
