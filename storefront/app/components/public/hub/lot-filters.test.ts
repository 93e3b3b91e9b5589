import { describe, expect, it } from 'vitest'
import {
  describeFilters,
  filterLots,
  hasFilters,
  hubSearch,
  readHubFilters,
  readSelectedLot,
} from '~/components/public/hub/lot-filters'

const lot = (id: number, typeCode: 'A' | 'B' | 'C', status: string, price: number | null) => ({
  id,
  type: { A: 'CORNER (A)', B: 'INTERMEDIATE (B)', C: 'END LOT (C)' }[typeCode],
  typeCode,
  status: status as 'available',
  price,
})

const LOTS = [
  lot(1, 'A', 'available', 628_000),
  lot(2, 'C', 'available', 538_000),
  lot(3, 'B', 'sold', 447_000),
  lot(5, 'B', 'available', 459_000),
  lot(7, 'B', 'booked', 500_000),
  lot(9, 'B', 'available', 400_000),
  lot(12, 'A', 'sold', 600_000),
  lot(24, 'A', 'locked', null),
]

describe('readHubFilters', () => {
  it('reads type, status and price band from the address', () => {
    expect(readHubFilters(new URLSearchParams('type=b&status=available&price=400000-500000'))).toEqual({
      type: 'B',
      status: 'available',
      price: '400000-500000',
    })
  })

  it('ignores unknown values instead of failing', () => {
    expect(readHubFilters(new URLSearchParams('type=Z&status=gone&price=1-2'))).toEqual({
      type: null,
      status: null,
      price: null,
    })
    expect(readHubFilters(new URLSearchParams('type=&status=&price='))).toEqual({
      type: null,
      status: null,
      price: null,
    })
  })

  it("reads the open band however '+' arrives", () => {
    expect(readHubFilters(new URLSearchParams('price=600000%2B')).price).toBe('600000+')
    // A '+' typed into an address reads as a space.
    expect(readHubFilters(new URLSearchParams('price=600000+')).price).toBe('600000+')
  })
})

describe('filterLots', () => {
  const ids = (filters: Parameters<typeof filterLots>[1]) => filterLots(LOTS, filters).map((found) => found.id)

  it('keeps everything without filters', () => {
    expect(ids({ type: null, status: null, price: null })).toEqual([1, 2, 3, 5, 7, 9, 12, 24])
  })

  it('filters by type and by status', () => {
    expect(ids({ type: 'A', status: null, price: null })).toEqual([1, 12, 24])
    expect(ids({ type: 'B', status: 'available', price: null })).toEqual([5, 9])
  })

  it('uses the three price bands, lower bound in, upper bound out', () => {
    expect(ids({ type: null, status: null, price: '400000-500000' })).toEqual([3, 5, 9])
    expect(ids({ type: null, status: null, price: '500000-600000' })).toEqual([2, 7])
    expect(ids({ type: null, status: null, price: '600000+' })).toEqual([1, 12])
  })

  it('leaves out lots without a price when a band is chosen', () => {
    expect(ids({ type: 'A', status: null, price: '600000+' })).toEqual([1, 12])
  })
})

describe('hub addresses', () => {
  it('writes only the filters in use, then the selected lot', () => {
    expect(hubSearch({ type: null, status: null, price: null })).toBe('')
    expect(hubSearch({ type: 'A', status: 'available', price: '600000+' }, 7)).toBe(
      '?type=A&status=available&price=600000%2B&lot=7'
    )
  })

  it('reads the selected lot', () => {
    expect(readSelectedLot(new URLSearchParams('lot=12'))).toBe(12)
    expect(readSelectedLot(new URLSearchParams('lot=x'))).toBeNull()
    expect(readSelectedLot(new URLSearchParams(''))).toBeNull()
  })

  it('describes the filters in words', () => {
    expect(hasFilters({ type: null, status: null, price: null })).toBe(false)
    expect(describeFilters({ type: 'C', status: 'sold', price: '500000-600000' })).toBe(
      'End Lot (C) · Sold · RM 500,000 – 600,000'
    )
    expect(describeFilters({ type: null, status: null, price: null })).toBe('All lots')
  })
})
