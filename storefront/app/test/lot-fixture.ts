import type { LotStatus } from '~/components/public/lot-status'
import type { Lot } from '~/models/lots.server'

/** A hub lot as the API serialises it: lot `n` (unit MKS-0n) in `status`, priced by its number. */
export function testLot(n: number, status: LotStatus, overrides: Partial<Lot> = {}): Lot {
  const unitNumber = `MKS-${String(n).padStart(2, '0')}`
  return {
    id: 100 + n,
    _id: 100 + n,
    kind: 'lot',
    propertyId: 1,
    lotNumber: String(n),
    unitNumber,
    name: null,
    title: null,
    description: null,
    location: null,
    category: null,
    type: 'INTERMEDIATE (B)',
    typeCode: 'B',
    propertyType: 'Intermediate',
    landSize: 186,
    landAreaSqft: 2002,
    builtUpArea: 250,
    builtUpAreaSqft: 2691,
    size: null,
    price: 450_000 + n * 1000,
    priceSen: (450_000 + n * 1000) * 100,
    spaPrice: null,
    phase: 4,
    status,
    updatedAt: '2025-03-01T02:00:00.000Z',
    ...overrides,
  }
}
