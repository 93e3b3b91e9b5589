import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { User } from '#identity'

export async function agentAdminsOf(agencyId: number | null, client?: TransactionClientContract): Promise<User[]> {
  if (agencyId === null) return []
  return User.query({ client }).where('role', 'agent_admin').where('agency_id', agencyId).select('id', 'name', 'role')
}

/** Every super admin (`admin` is the same role). */
export async function superAdmins(client?: TransactionClientContract): Promise<User[]> {
  return User.query({ client }).whereIn('role', ['super_admin', 'admin']).select('id', 'name', 'role')
}
