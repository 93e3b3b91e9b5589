/**
 * The hub's filter bar as query parameters (requirements: public-site.md#shop-lot-hub): type, status
 * and the three price bands. Filters live in the address, so they work without
 * JavaScript and can be shared as links.
 */
import type { LotStatus } from '~/components/public/lot-status'
import type { Lot } from '~/models/lots.server'
import { LOT_TYPES, lotStatusLabel, lotTypeCodeOf, toLotTypeCode } from '~/utils/format'
import type { LotTypeCode } from '~/utils/format'

/**
 * 400000-500000, 500000-600000, 600000 and above (lower bound kept, upper not)
 * (requirements: public-site.md#shop-lot-hub).
 */
export const PRICE_BANDS = [
  { value: '400000-500000', label: 'RM 400,000 – 500,000', min: 400_000, max: 500_000 },
  { value: '500000-600000', label: 'RM 500,000 – 600,000', min: 500_000, max: 600_000 },
  { value: '600000+', label: 'RM 600,000 and above', min: 600_000, max: null },
] as const

export type PriceBand = (typeof PRICE_BANDS)[number]['value']

export const FILTER_STATUSES = [
  'available',
  'reserved',
  'booked',
  'sold',
  'locked',
  'pending',
] as const satisfies readonly LotStatus[]

export interface HubFilters {
  type: LotTypeCode | null
  status: LotStatus | null
  price: PriceBand | null
}

export const NO_FILTERS: HubFilters = { type: null, status: null, price: null }

/** Reads the filters from a query string; unknown values are ignored, not errors. */
export function readHubFilters(params: URLSearchParams): HubFilters {
  const status = params.get('status')
  const price = (params.get('price') ?? '').replace(/\s/g, '')
  return {
    type: toLotTypeCode(params.get('type')),
    status: FILTER_STATUSES.find((known) => known === status) ?? null,
    // A bare '+' in a typed address reads as a space: '600000' means the open band too.
    price: PRICE_BANDS.find((band) => band.value === price || band.value === `${price}+`)?.value ?? null,
  }
}

export function hasFilters(filters: HubFilters): boolean {
  return filters.type !== null || filters.status !== null || filters.price !== null
}

/** The lots the filters keep, in the order given. */
export function filterLots<T extends Pick<Lot, 'type' | 'typeCode' | 'status' | 'price'>>(
  lots: T[],
  filters: HubFilters
): T[] {
  const band = PRICE_BANDS.find((known) => known.value === filters.price)
  return lots.filter((lot) => {
    if (filters.type && lotTypeCodeOf(lot) !== filters.type) return false
    if (filters.status && lot.status !== filters.status) return false
    if (band) {
      if (lot.price === null || lot.price < band.min) return false
      if (band.max !== null && lot.price >= band.max) return false
    }
    return true
  })
}

/**
 * The query string of a hub address: the filters plus, optionally, the selected lot.
 * Empty filters are left out so addresses stay short.
 */
export function hubSearch(filters: HubFilters, selectedLotId?: number | null): string {
  const params = new URLSearchParams()
  if (filters.type) params.set('type', filters.type)
  if (filters.status) params.set('status', filters.status)
  if (filters.price) params.set('price', filters.price)
  if (selectedLotId) params.set('lot', String(selectedLotId))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** The selected lot's id from `?lot=`, or null. */
export function readSelectedLot(params: URLSearchParams): number | null {
  const value = Number(params.get('lot'))
  return Number.isInteger(value) && value > 0 ? value : null
}

/** 'Corner (A) · Available · RM 600,000 and above': what the filters show, in words. */
export function describeFilters(filters: HubFilters): string {
  const parts = [
    filters.type ? `${LOT_TYPES[filters.type].label} (${filters.type})` : null,
    filters.status ? lotStatusLabel(filters.status) : null,
    PRICE_BANDS.find((band) => band.value === filters.price)?.label ?? null,
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'All lots'
}
