import db from '@adonisjs/lucid/services/db'
import { ROLES, type Role } from '#core/roles'

export type UserStatistics = { total: number; byRole: Record<Role, number> }

export default class UserStatisticsQuery {
  async handle(): Promise<UserStatistics> {
    const rows: Array<{ role: Role; total: number | string }> = await db
      .from('users')
      .select('role')
      .count('* as total')
      .groupBy('role')
    const byRole = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>
    for (const row of rows) byRole[row.role] = Number(row.total)
    return { total: Object.values(byRole).reduce((sum, n) => sum + n, 0), byRole }
  }
}
