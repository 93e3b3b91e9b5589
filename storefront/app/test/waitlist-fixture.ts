import type { WaitlistEntry } from '~/models/waitlist'

/** The signed-in member's place on lot `n`'s waitlist (lot id 100 + n, unit MKS-0n), as GET /api/waitlist/mine lists it. */
export function testWaitlistEntry(n: number, position: number, overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 900 + n,
    lotId: 100 + n,
    lot: {
      id: 100 + n,
      lotNumber: String(n),
      unitNumber: `MKS-${String(n).padStart(2, '0')}`,
      type: 'INTERMEDIATE (B)',
      typeCode: 'B',
      status: 'reserved',
      propertyName: 'Aero Industrial Hub',
    },
    position,
    status: 'waiting',
    joinedAt: '2025-03-01T02:00:00.000Z',
    offerExpiresAt: null,
    ...overrides,
  }
}
