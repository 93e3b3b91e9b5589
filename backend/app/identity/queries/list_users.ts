import type { HttpContext } from '@adonisjs/core/http'
import User from '#identity/models/user'
import { ROLES, type Role } from '#core/roles'
import { paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

const SORTABLE = { id: 'id', name: 'name', email: 'email', role: 'role', createdAt: 'created_at' }

/** Users for the super admin's screens: search by name or email, filter by role. */
export default class ListUsers {
  async handle(ctx: HttpContext) {
    const params = parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
    const { q, role, agencyId } = params.filter as { q?: unknown; role?: unknown; agencyId?: unknown }

    const query = User.query()
    if (typeof q === 'string' && q.trim()) {
      const term = `%${q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
      query.where((w) => w.where('name', 'like', term).orWhere('email', 'like', term))
    }
    if (role !== undefined) {
      if (!ROLES.includes(role as Role)) throw AppError.invalid('filter', `Unknown role "${String(role)}"`)
      query.where('role', role as Role)
    }
    if (agencyId !== undefined) query.where('agency_id', Number(agencyId))
    return paginate(ctx, 'users', query, params, (page) => page.preload('agency'))
  }
}
