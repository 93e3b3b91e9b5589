import type { HttpContext } from '@adonisjs/core/http'
import User from '#identity/models/user'
import { ROLES, isSuperAdmin, type Role } from '#core/roles'
import { whereClientOf } from '#identity/clients'
import { type ListParams, filterId, paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

const SORTABLE = { id: 'id', name: 'name', email: 'email', role: 'role', createdAt: 'created_at' }

export default class ListUsers {
  params(ctx: HttpContext): ListParams {
    return parseListParams(ctx, SORTABLE, ['createdAt', 'DESC'])
  }

  async handle(ctx: HttpContext, params: ListParams, actor: User) {
    const { q, role } = params.filter as { q?: unknown; role?: unknown }
    const agencyId = filterId(params.filter, 'agencyId')

    const query = User.query()
    if (!isSuperAdmin(actor.role)) whereClientOf(query, actor)
    if (typeof q === 'string' && q.trim()) {
      // ESCAPE named: SQLite has no default escape character for LIKE.
      const term = `%${q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
      query.where((w) => {
        w.whereRaw('name LIKE ? ESCAPE ?', [term, '\\'])
        // An agent admin searches by email only among their own agency's people: a search of
        // everyone's emails would spell out the addresses the list masks, a letter at a time.
        if (isSuperAdmin(actor.role)) w.orWhereRaw('email LIKE ? ESCAPE ?', [term, '\\'])
        else if (actor.agencyId !== null)
          w.orWhere((own) =>
            own
              .whereRaw('email LIKE ? ESCAPE ?', [term, '\\'])
              .where('agency_id', actor.agencyId!)
              .where('agency_status', 'approved')
          )
      })
    }
    if (role !== undefined) {
      if (!ROLES.includes(role as Role)) throw AppError.invalid('filter', `Unknown role "${String(role)}"`)
      query.where('role', role as Role)
    }
    if (agencyId !== undefined) query.where('agency_id', agencyId)
    return paginate(ctx, 'users', query, params, (page) => page.preload('agency'))
  }
}
