import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Lot from '#inventory/models/lot'
import { LOT_STATUSES, type LotStatus } from '#inventory/models/lot'
import { AppError } from '#core/errors'

type LotQuery = ModelQueryBuilderContract<typeof Lot>

/** The hub's price bands (requirements: public-site.md#shop-lot-hub). */
export const PRICE_BANDS = {
  '400000-500000': [400_000, 500_000],
  '500000-600000': [500_000, 600_000],
  '600000+': [600_000, null],
} as const satisfies Record<string, readonly [number, number | null]>

export type PriceBand = keyof typeof PRICE_BANDS

/** Prices typed by people: '450,000', 'RM 450000', 450000. */
export function parsePrice(value: unknown, field: string): number {
  const cleaned = typeof value === 'number' ? value : Number(String(value ?? '').replace(/rm|,|\s/gi, ''))
  if (!Number.isFinite(cleaned) || cleaned < 0) throw AppError.invalid(field, `${field} must be a number`)
  return Math.round(cleaned)
}

export type LotFilters = {
  typeCode?: unknown
  status?: unknown
  priceBand?: unknown
  minPrice?: unknown
  maxPrice?: unknown
  phase?: unknown
  q?: unknown
}

export function applyLotFilters(query: LotQuery, filters: LotFilters) {
  if (filters.typeCode !== undefined && filters.typeCode !== '') {
    const code = String(filters.typeCode).toUpperCase()
    if (!['A', 'B', 'C'].includes(code)) throw AppError.invalid('type', 'type must be A, B or C')
    query.where('type_code', code)
  }
  if (filters.status !== undefined && filters.status !== '') {
    const statuses = String(filters.status).split(',')
    for (const status of statuses) {
      if (!LOT_STATUSES.includes(status as LotStatus)) {
        throw AppError.invalid('status', `status must be one of ${LOT_STATUSES.join(', ')}`)
      }
    }
    query.whereIn('status', statuses)
  }
  if (filters.priceBand !== undefined && filters.priceBand !== '') {
    const band = PRICE_BANDS[String(filters.priceBand).replace(/\s/g, '') as PriceBand]
    if (!band) throw AppError.invalid('priceBand', `priceBand must be one of ${Object.keys(PRICE_BANDS).join(', ')}`)
    query.where('price', '>=', band[0])
    if (band[1] !== null) query.where('price', '<', band[1])
  }
  if (filters.minPrice !== undefined && filters.minPrice !== '') {
    query.where('price', '>=', parsePrice(filters.minPrice, 'minPrice'))
  }
  if (filters.maxPrice !== undefined && filters.maxPrice !== '') {
    query.where('price', '<=', parsePrice(filters.maxPrice, 'maxPrice'))
  }
  if (filters.phase !== undefined && filters.phase !== '') {
    const phase = Number(filters.phase)
    if (!Number.isSafeInteger(phase) || phase < 0 || phase > 999) {
      throw AppError.invalid('phase', 'phase must be a whole number between 0 and 999')
    }
    query.where('phase', phase)
  }
  if (typeof filters.q === 'string' && filters.q.trim()) {
    const term = `%${filters.q.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    query.where((w) =>
      w.where('unit_number', 'like', term).orWhere('lot_number', 'like', term).orWhere('title', 'like', term)
    )
  }
}

/**
 * A hub lot (requirements: public-site.md#hub-list-filter): type and category shoplot, a unit number
 * starting 'MKS-', a location or name naming the hub, or a title starting 'PT 54'.
 */
export function whereInShopLotHub(query: LotQuery) {
  query.where((hub) =>
    hub
      .where((both) => both.where('category', 'shoplot').where('type', 'shoplot'))
      .orWhere('unit_number', 'like', 'MKS-%')
      .orWhere('location', 'like', '%Nilai%')
      .orWhere('name', 'like', '%Aero Industrial%')
      .orWhere('title', 'like', 'PT 54%')
  )
}
