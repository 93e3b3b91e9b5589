import type { HttpContext } from '@adonisjs/core/http'
import User from '#identity/models/user'
import { ROLES, type Role } from '#core/roles'
import { type ListParams, filterId, paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

const SORTABLE = { id: 'id', name: 'name', email: 'email', role: 'role', createdAt: 'created_at' }

/** Users for the super admin's screens: search by name or email, filter by role or agency. */
export default class ListUsers {
  params(ctx: HttpContext): ListParams {
    return parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
  }

  async handle(ctx: HttpContext, params: ListParams) {
    const { q, role } = params.filter as { q?: unknown; role?: unknown }
    const agencyId = filterId(params.filter, 'agencyId')

    const query = User.query()
    if (typeof q === 'string' && q.trim()) {
      const term = `%${q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
      query.where((w) => w.where('name', 'like', term).orWhere('email', 'like', term))
    }
    if (role !== undefined) {
      if (!ROLES.includes(role as Role)) throw AppError.invalid('filter', `Unknown role "${String(role)}"`)
      query.where('role', role as Role)
    }
    if (agencyId !== undefined) query.where('agency_id', agencyId)
    return paginate(ctx, 'users', query, params, (page) => page.preload('agency'))
  }
}
