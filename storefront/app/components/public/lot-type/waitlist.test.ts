import { describe, expect, it } from 'vitest'
import { patchLots } from '~/components/public/live-lots'
import type { LiveLot, LotMessage } from '~/components/public/live-lots'
import { canJoinWaitlist, offerTimeText } from '~/components/public/lot-type/waitlist'
import { waitlistLotHref, waitlistStatusText } from '~/components/account/my-waitlist'

const LOADED_AT = '2026-03-05T02:00:00.000Z'
const lot = (id: number, status: LiveLot['status'], extra: Partial<LiveLot> = {}): LiveLot => ({
  id,
  lotNumber: String(id),
  unitNumber: `MKS-0${id}`,
  status,
  updatedAt: LOADED_AT,
  ...extra,
})
const change = (lotId: number, status: LotMessage['status'], extra: Partial<LotMessage> = {}): LotMessage => ({
  type: 'lot',
  lotId,
  developmentId: 1,
  typeCode: 'B',
  lotNumber: String(lotId),
  unitNumber: `MKS-0${lotId}`,
  status,
  previous: 'reserved',
  cause: 'booking',
  at: '2026-03-05T02:05:00.000Z',
  ...extra,
})

describe('offerTimeText', () => {
  // 10:15 am in Kuala Lumpur is 02:15 UTC.
  it('gives the time alone on the same day in Kuala Lumpur, the date too otherwise', () => {
    expect(offerTimeText('2026-03-05T02:15:00.000Z', Date.parse('2026-03-05T01:00:00.000Z'))).toBe('10:15 AM MYT')
    expect(offerTimeText('2026-03-05T16:30:00.000Z', Date.parse('2026-03-05T15:00:00.000Z'))).toBe(
      'Mar 06, 2026, 12:30 AM MYT'
    )
  })
})

describe('patchLots with waitlist offers', () => {
  it('applies an offer that starts or ends even when the status stays', () => {
    const lots = [lot(3, 'available'), lot(4, 'reserved')]
    const held = patchLots(lots, change(3, 'available', { offeredUntil: '2026-03-05T02:20:00.000Z' }))!
    expect(held[0]).toMatchObject({ status: 'available', offeredUntil: '2026-03-05T02:20:00.000Z' })
    expect(patchLots(held, change(3, 'available', { offeredUntil: '2026-03-05T02:20:00.000Z' }))).toBeNull()
    const open = patchLots(held, change(3, 'available', { offeredUntil: null, at: '2026-03-05T02:21:00.000Z' }))!
    expect(open[0]!.offeredUntil).toBeNull()
  })

  it('ends the hold when the lot is taken again, and follows the line length', () => {
    const lots = [lot(3, 'available', { offeredUntil: '2026-03-05T02:20:00.000Z', waitlistCount: 2 })]
    const taken = patchLots(lots, change(3, 'pending', { previous: 'available' }))!
    expect(taken[0]).toMatchObject({ status: 'pending', offeredUntil: null, waitlistCount: 2 })
    expect(patchLots(taken, change(3, 'pending', { waitlistCount: 1 }))![0]!.waitlistCount).toBe(1)
    // A status-only push keeps what it does not speak of.
    expect(patchLots(lots, change(3, 'available'))).toBeNull()
  })

  it('only reserved, pending and booked lots have a waitlist to join', () => {
    expect(
      ['available', 'reserved', 'pending', 'booked', 'sold', 'locked'].map((status) => canJoinWaitlist({ status }))
    ).toEqual([false, true, true, true, false, false])
  })
})

describe('My waitlist', () => {
  it('links each lot to its lot-type page and says whose turn it is', () => {
    const entry = {
      id: 1,
      lotId: 107,
      lot: {
        id: 107,
        lotNumber: '7',
        unitNumber: 'MKS-07',
        type: 'CORNER (A)',
        typeCode: 'A' as const,
        status: 'available',
        propertyName: null,
      },
      position: 1,
      status: 'offered',
      joinedAt: LOADED_AT,
      offerExpiresAt: '2026-03-05T02:15:00.000Z',
    }
    expect(waitlistLotHref(entry)).toBe('/properties/aeroindustrial/type/A?lot=107')
    expect(waitlistLotHref({ ...entry, lot: null })).toBeNull()
    expect(waitlistStatusText(entry, Date.parse('2026-03-05T02:00:00.000Z'))).toBe('Your turn until 10:15 AM MYT')
    expect(waitlistStatusText({ ...entry, status: 'waiting' })).toBe('Waiting')
  })
})
