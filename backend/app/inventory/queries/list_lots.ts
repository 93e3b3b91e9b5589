import type { HttpContext } from '@adonisjs/core/http'
import Lot from '#inventory/models/lot'
import type { User } from '#identity'
import { isSuperAdmin } from '#core/roles'
import { MAX_ID, MAX_PAGE_SIZE, filterId, paginate, parseListParams } from '#core/listing'
import { applyLotFilters, type LotFilters } from '#inventory/filters'
import { AppError } from '#core/errors'

const SORTABLE = {
  id: 'id',
  // Natural order (MKS-2 before MKS-10): the stored keys of database/natural_sort.ts.
  unitNumber: 'unit_number_sort',
  lotNumber: 'lot_number_sort',
  price: 'price',
  status: 'status',
  type: 'type_code',
  phase: 'phase',
  updatedAt: 'updated_at',
}

/**
 * react-admin's getMany (`filter={"id":[…]}`): the lots a form already holds, by primary key. A bare id
 * counts as a list of one; anything else but whole ids is a 422.
 */
function filterIds(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const values = Array.isArray(value) ? value : [value]
  const message = `id must be a list of at most ${MAX_PAGE_SIZE} whole numbers between 1 and ${MAX_ID}`
  if (values.length > MAX_PAGE_SIZE) throw AppError.invalid('filter.id', message)
  return values.map((item) => {
    const id =
      typeof item === 'number' ? item : typeof item === 'string' && /^\d{1,10}$/.test(item) ? Number(item) : Number.NaN
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw AppError.invalid('filter.id', message)
    return id
  })
}

/**
 * Super admins see every lot whatever its status; everyone else only available ones (requirements:
 * account.md#roles).
 */
export function lotsQuery(ctx: HttpContext, user: User) {
  const params = parseListParams(ctx, SORTABLE, ['unitNumber', 'ASC'])
  const qs = ctx.request.qs()
  const filter = { ...params.filter } as LotFilters & {
    propertyId?: unknown
    kind?: unknown
    type?: unknown
    id?: unknown
  }
  const ids = filterIds(filter.id)
  const propertyId = filterId({ propertyId: filter.propertyId ?? qs.propertyId }, 'propertyId')
  const kind = filter.kind ?? qs.kind

  const query = Lot.query()
  if (ids !== undefined) {
    query.whereIn('id', ids)
    // getMany sends no range: every lot asked for comes back on the one page.
    params.limit = Math.max(params.limit, Math.min(ids.length, MAX_PAGE_SIZE))
  }
  if (propertyId !== undefined) query.where('development_id', propertyId)
  if (kind !== undefined && kind !== '') {
    if (kind !== 'lot' && kind !== 'unit') throw AppError.invalid('kind', 'kind must be lot or unit')
    query.where('kind', kind)
  }
  if (!isSuperAdmin(user.role)) {
    query.where('status', 'available')
    delete filter.status
  }
  applyLotFilters(query, { ...filter, typeCode: filter.typeCode ?? filter.type })
  return { query, params }
}

export default class ListLots {
  async handle(ctx: HttpContext, user: User) {
    const { query, params } = lotsQuery(ctx, user)
    return paginate(ctx, 'lots', query, params)
  }
}
