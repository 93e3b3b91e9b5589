import db from '@adonisjs/lucid/services/db'

export default async function countAgencyMembers(agencyId: number): Promise<number> {
  const [row] = await db
    .from('users')
    .where('agency_id', agencyId)
    .where('agency_status', 'approved')
    .count('* as total')
  return Number(row.total)
}
