import type { HttpContext } from '@adonisjs/core/http'
import Agency from '#agencies/models/agency'
import { paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

const SORTABLE = { id: 'id', name: 'name', createdAt: 'created_at' }

/** `activeOnly`: agencies taking clients (for everyone but super admins). */
export default class ListAgencies {
  async handle(ctx: HttpContext, { activeOnly }: { activeOnly: boolean }) {
    const params = parseListParams(ctx, SORTABLE, ['name', 'ASC'])
    const { q, isActive } = params.filter as { q?: unknown; isActive?: unknown }

    const query = Agency.query()
    if (typeof q === 'string' && q.trim()) {
      query.where('name', 'like', `%${q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
    }
    if (isActive !== undefined) {
      if (![true, false, 'true', 'false'].includes(isActive as boolean)) {
        throw AppError.invalid('filter', 'isActive must be true or false')
      }
      query.where('is_active', isActive === true || isActive === 'true')
    }
    if (activeOnly) query.where('is_active', true)
    return paginate(ctx, 'agencies', query, params)
  }
}
