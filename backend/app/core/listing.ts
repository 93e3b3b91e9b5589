import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract, LucidModel } from '@adonisjs/lucid/types/model'
import { AppError } from '#core/errors'

/**
 * The ra-data-simple-rest list dialect: `?sort=["field","ASC"]&range=[0,24]&filter={...}`,
 * answered with a JSON array and a `Content-Range: <resource> <from>-<to>/<total>` header.
 * Sorting and paging happen in SQL, on whitelisted (indexed) columns only.
 */
export type ListParams = {
  sort: { column: string; direction: 'asc' | 'desc' }
  offset: number
  limit: number
  filter: Record<string, unknown>
}

export const MAX_PAGE_SIZE = 100

export function parseListParams(
  ctx: HttpContext,
  sortable: Record<string, string>,
  defaultSort: [string, 'ASC' | 'DESC']
): ListParams {
  const qs = ctx.request.qs()
  const [sortField, sortOrder] = parseJson<[string, string]>(qs.sort, 'sort') ?? defaultSort
  const column = sortable[sortField]
  if (!column) throw AppError.invalid('sort', `Cannot sort by "${sortField}"`)
  const direction = String(sortOrder).toUpperCase() === 'DESC' ? 'desc' : 'asc'

  const range = parseJson<[number, number]>(qs.range, 'range') ?? [0, 24]
  const [from, to] = range.map(Number)
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
    throw AppError.invalid('range', 'range must be [from, to] with 0 <= from <= to')
  }
  const limit = Math.min(to - from + 1, MAX_PAGE_SIZE)

  const filter = parseJson<Record<string, unknown>>(qs.filter, 'filter') ?? {}
  if (typeof filter !== 'object' || Array.isArray(filter)) {
    throw AppError.invalid('filter', 'filter must be a JSON object')
  }
  return { sort: { column, direction }, offset: from, limit, filter }
}

/**
 * Runs the count and the page in SQL and sets Content-Range. `decoratePage` adds what only
 * the page needs (preloads), so the count stays a bare COUNT(*).
 */
export async function paginate<Model extends LucidModel>(
  ctx: HttpContext,
  resource: string,
  query: ModelQueryBuilderContract<Model>,
  params: ListParams,
  decoratePage: (page: ModelQueryBuilderContract<Model>) => void = () => {}
): Promise<InstanceType<Model>[]> {
  const countRow = await query.clone().clearOrder().count('* as total').first()
  const total = Number((countRow as { $extras?: { total?: number } } | null)?.$extras?.total ?? 0)
  const page = query.clone()
  decoratePage(page)
  const rows = await page
    .orderBy(params.sort.column, params.sort.direction)
    .orderBy('id', params.sort.direction)
    .offset(params.offset)
    .limit(params.limit)
  const end = rows.length ? params.offset + rows.length - 1 : params.offset
  ctx.response.header('Content-Range', `${resource} ${params.offset}-${end}/${total}`)
  ctx.response.header('Access-Control-Expose-Headers', 'Content-Range')
  return rows as InstanceType<Model>[]
}

function parseJson<T>(raw: unknown, field: string): T | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  if (typeof raw !== 'string') throw AppError.invalid(field, `${field} must be JSON`)
  try {
    return JSON.parse(raw) as T
  } catch {
    throw AppError.invalid(field, `${field} must be JSON`)
  }
}
