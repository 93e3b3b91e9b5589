import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract, LucidModel } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

/** The ra-data-simple-rest list dialect, sorted and paged in SQL on whitelisted (indexed) columns only. */
export type ListParams = {
  sort: { column: string; direction: 'asc' | 'desc' }
  offset: number
  limit: number
  filter: Record<string, unknown>
}

export const MAX_PAGE_SIZE = 100
/** The deepest row a list pages to; an offset past it is a malformed request, not a page. */
export const MAX_OFFSET = 1_000_000
/** Ids are unsigned INT columns on both engines. */
export const MAX_ID = 2_147_483_647

/** Read from the raw query string: the framework's parser would split a literal `range=[0,999]` on its comma. */
export function parseListParams(
  ctx: HttpContext,
  sortable: Record<string, string>,
  defaultSort: [string, 'ASC' | 'DESC']
): ListParams {
  const query = new URLSearchParams(ctx.request.parsedUrl.query ?? '')

  const sort = parseJson(query.get('sort'), 'sort', defaultSort)
  if (!Array.isArray(sort) || sort.length < 1 || sort.length > 2 || typeof sort[0] !== 'string') {
    throw AppError.invalid('sort', 'sort must be ["field","ASC"] or ["field","DESC"]')
  }
  const [sortField, sortOrder = 'ASC'] = sort as [string, unknown]
  const column = Object.hasOwn(sortable, sortField) ? sortable[sortField] : undefined
  if (!column) throw AppError.invalid('sort', `Cannot sort by "${sortField}"`)
  if (typeof sortOrder !== 'string' || !['ASC', 'DESC'].includes(sortOrder.toUpperCase())) {
    throw AppError.invalid('sort', 'sort order must be ASC or DESC')
  }
  const direction = sortOrder.toUpperCase() === 'DESC' ? 'desc' : 'asc'

  const range = parseJson(query.get('range'), 'range', [0, 24])
  if (!Array.isArray(range) || range.length !== 2) {
    throw AppError.invalid('range', 'range must be [from, to] with 0 <= from <= to')
  }
  const [from, to] = range as unknown[]
  if (
    !Number.isSafeInteger(from) ||
    !Number.isSafeInteger(to) ||
    (from as number) < 0 ||
    (to as number) < (from as number)
  ) {
    throw AppError.invalid('range', 'range must be [from, to] with 0 <= from <= to')
  }
  if ((from as number) > MAX_OFFSET) throw AppError.invalid('range', `range cannot start past ${MAX_OFFSET}`)
  const offset = from as number
  const limit = Math.min((to as number) - offset + 1, MAX_PAGE_SIZE)

  const filter = parseJson(query.get('filter'), 'filter', {})
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw AppError.invalid('filter', 'filter must be a JSON object')
  }
  return { sort: { column, direction }, offset, limit, filter: filter as Record<string, unknown> }
}

/** A list filter's id: undefined when absent, a 422 naming the field when it is not a whole id. */
export function filterId(filter: Record<string, unknown>, key: string): number | undefined {
  const value = filter[key]
  if (value === undefined || value === null || value === '') return undefined
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : Number.NaN
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    throw AppError.invalid(`filter.${key}`, `${key} must be a whole number between 1 and ${MAX_ID}`)
  }
  return id
}

/** `decoratePage` adds what only the page needs (preloads), so the count stays a bare COUNT(*). */
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

export async function readFilter<Output>(
  validator: { validate(data: unknown): Promise<Output> },
  raw: Record<string, unknown>
): Promise<Output> {
  // Empty inputs of the backoffice's filter form mean "any".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== null))
  try {
    return await validator.validate(given)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors = (error.messages as Array<{ field: string; message: string }>).map(({ field, message }) => ({
      field: `filter.${field}`,
      message,
    }))
    throw new AppError(errors[0].message, 422, errors)
  }
}

/** `%term%` for LIKE, with the wildcards of the term itself taken literally. */
export const contains = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

/** A day in a filter is a day on the development's clock, as the backoffice shows dates. */
const DAY_ZONE = 'Asia/Kuala_Lumpur'
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** `from` and `to` are days or instants, both ends included: a day runs until the next one starts. */
export function whereCreatedWithin<Model extends LucidModel>(
  query: ModelQueryBuilderContract<Model>,
  { from, to }: { from?: string; to?: string }
) {
  if (from) query.where('created_at', '>=', sqlDateTime(instant(from, 'from')))
  if (to) {
    if (DAY.test(to)) query.where('created_at', '<', sqlDateTime(instant(to, 'to').plus({ days: 1 })))
    else query.where('created_at', '<=', sqlDateTime(instant(to, 'to')))
  }
  return query
}

function instant(value: string, field: 'from' | 'to'): DateTime {
  const parsed = DAY.test(value)
    ? DateTime.fromISO(value, { zone: DAY_ZONE })
    : DateTime.fromISO(value.replace(' ', 'T'), { zone: 'utc' })
  if (!parsed.isValid)
    throw AppError.invalid(`filter.${field}`, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 time`)
  return parsed
}

function parseJson(raw: string | null, field: string, absent: unknown): unknown {
  if (raw === null || raw === '') return absent
  try {
    return JSON.parse(raw)
  } catch {
    throw AppError.invalid(field, `${field} must be JSON`)
  }
}
