import { User } from '#identity'

export async function agentAdminsOf(agencyId: number | null): Promise<User[]> {
  if (agencyId === null) return []
  return User.query().where('role', 'agent_admin').where('agency_id', agencyId).select('id', 'name', 'role')
}

/** Every super admin (`admin` is the same role). */
export async function superAdmins(): Promise<User[]> {
  return User.query().whereIn('role', ['super_admin', 'admin']).select('id', 'name', 'role')
}
