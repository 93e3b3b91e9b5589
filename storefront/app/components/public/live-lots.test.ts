import { describe, expect, it } from 'vitest'
import {
  applyLotMessages,
  changesWhatIsListed,
  countLots,
  describeLotChange,
  describeLotChanges,
  isLotMessage,
  patchLots,
} from '~/components/public/live-lots'
import type { LiveLot, LotMessage } from '~/components/public/live-lots'
import type { LotStatus } from '~/components/public/lot-status'

const LOADED_AT = '2025-03-01T02:00:00.000Z'

function lot(id: number, status: LotStatus, unitNumber: string | null = `MKS-${String(id).padStart(2, '0')}`): LiveLot {
  return { id, lotNumber: String(id), unitNumber, status, updatedAt: LOADED_AT }
}

function change(lotId: number, status: LotStatus, extra: Partial<LotMessage> = {}): LotMessage {
  return {
    type: 'lot',
    lotId,
    developmentId: 1,
    typeCode: 'B',
    lotNumber: String(lotId),
    unitNumber: `MKS-${String(lotId).padStart(2, '0')}`,
    status,
    previous: 'available',
    cause: 'booking',
    at: '2025-03-01T02:05:00.000Z',
    ...extra,
  }
}

describe('patchLots', () => {
  const lots = [lot(1, 'available'), lot(7, 'available'), lot(9, 'sold')]

  it("changes only the lot's status, leaving the list it came from as it was", () => {
    const next = patchLots(lots, change(7, 'reserved'))!
    expect(next.map((entry) => entry.status)).toEqual(['available', 'reserved', 'sold'])
    expect(next[1].updatedAt).toBe('2025-03-01T02:05:00.000Z')
    expect(next[0]).toBe(lots[0])
    expect(lots[1].status).toBe('available')
  })

  it('ignores a lot the page does not list (another development, another type)', () => {
    expect(patchLots(lots, change(404, 'reserved'))).toBeNull()
  })

  it('ignores a status the lot already has', () => {
    expect(patchLots(lots, change(9, 'sold'))).toBeNull()
  })

  it('puts a lot on sale when its release batch is released, its status unchanged', () => {
    const waiting = [{ ...lot(3, 'available'), released: false }, lot(4, 'available')]
    const next = patchLots(waiting, change(3, 'available', { cause: 'release', released: true }))!
    expect(next[0].released).toBe(true)
    expect(next[0].status).toBe('available')
    // A lot already on sale (a lot without the flag is) has nothing to change.
    expect(patchLots(waiting, change(4, 'available', { cause: 'release', released: true }))).toBeNull()
    expect(describeLotChange(change(3, 'available', { cause: 'release', released: true }))).toBe(
      'MKS-03 was just released for sale.'
    )
  })

  it('takes a lot off sale, its status unchanged, and knows such a change may change what is listed', () => {
    const onSale = [lot(3, 'available'), lot(4, 'available')]
    const off = change(3, 'available', { cause: 'release', released: false })
    const next = patchLots(onSale, off)!
    expect(next[0].released).toBe(false)
    expect(next[0].status).toBe('available')
    expect(describeLotChange(off)).toBe('MKS-03 was taken off sale.')
    expect(changesWhatIsListed(onSale, off)).toBe(true)
    expect(changesWhatIsListed(onSale, change(5, 'available', { cause: 'release', released: false }))).toBe(false)
    // Put on sale: only a lot the page does not list may have to come.
    expect(changesWhatIsListed(onSale, change(3, 'available', { cause: 'release', released: true }))).toBe(false)
    expect(changesWhatIsListed(onSale, change(5, 'available', { cause: 'release', released: true }))).toBe(true)
    expect(changesWhatIsListed(onSale, change(5, 'reserved'))).toBe(false)
  })

  it('marks a lot reserved for Bumiputera buyers, or no longer, its status unchanged', () => {
    const shown = [lot(6, 'available'), { ...lot(8, 'available'), bumiputeraReserved: true }]
    const reserved = patchLots(shown, change(6, 'available', { cause: 'admin', bumiputeraReserved: true }))!
    expect(reserved[0].bumiputeraReserved).toBe(true)
    expect(reserved[0].status).toBe('available')
    const freed = patchLots(shown, change(8, 'available', { cause: 'admin', bumiputeraReserved: false }))!
    expect(freed[1].bumiputeraReserved).toBe(false)
    // What the page already shows changes nothing.
    expect(patchLots(shown, change(8, 'available', { cause: 'admin', bumiputeraReserved: true }))).toBeNull()
    expect(patchLots(shown, change(6, 'available', { cause: 'admin', bumiputeraReserved: false }))).toBeNull()
  })

  it("ignores a change older than the page's own copy of the lot", () => {
    expect(patchLots(lots, change(7, 'reserved', { at: '2025-03-01T01:59:59.000Z' }))).toBeNull()
    // The same second as the loaded copy (the database keeps whole seconds) still applies.
    expect(patchLots(lots, change(7, 'reserved', { at: LOADED_AT }))).not.toBeNull()
  })
})

describe('applyLotMessages', () => {
  it('applies each lot’s latest change and keeps the same list when nothing changes', () => {
    const lots = [lot(1, 'available'), lot(2, 'available')]
    const messages = new Map([[2, change(2, 'booked')]])
    expect(applyLotMessages(lots, messages).map((entry) => entry.status)).toEqual(['available', 'booked'])
    expect(applyLotMessages(lots, new Map([[3, change(3, 'booked')]]))).toBe(lots)
  })

  it('lets data loaded after a change win over it', () => {
    const reloaded = [{ ...lot(2, 'available'), updatedAt: '2025-03-01T03:00:00.000Z' }]
    expect(applyLotMessages(reloaded, new Map([[2, change(2, 'booked')]]))).toBe(reloaded)
  })
})

describe('countLots', () => {
  it('counts as the backend does: pending with reserved, locked only in the total', () => {
    const lots = [
      lot(1, 'available'),
      lot(2, 'available'),
      lot(3, 'reserved'),
      lot(4, 'pending'),
      lot(5, 'booked'),
      lot(6, 'sold'),
      lot(7, 'locked'),
    ]
    expect(countLots(lots)).toEqual({
      available: 2,
      reserved: 2,
      booked: 1,
      sold: 1,
      locked: 1,
      total: 7,
      percentageAvailable: 29,
    })
  })

  it('recomputes the counts and the bar after a change', () => {
    const lots = [lot(1, 'available'), lot(2, 'available'), lot(3, 'sold'), lot(4, 'booked')]
    expect(countLots(lots)).toMatchObject({ available: 2, reserved: 0, percentageAvailable: 50 })
    expect(countLots(patchLots(lots, change(1, 'reserved'))!)).toMatchObject({
      available: 1,
      reserved: 1,
      total: 4,
      percentageAvailable: 25,
    })
  })

  it('gives 0% of no lots', () => {
    expect(countLots([]).percentageAvailable).toBe(0)
  })
})

describe('the live message', () => {
  it('names the lot by its unit number, else its lot number, and says what happened', () => {
    expect(describeLotChange(change(7, 'reserved'))).toBe('MKS-07 was just reserved.')
    expect(describeLotChange(change(7, 'booked'))).toBe('MKS-07 was just booked.')
    expect(describeLotChange(change(7, 'sold'))).toBe('MKS-07 was just sold.')
    expect(describeLotChange(change(7, 'available'))).toBe('MKS-07 is available again.')
    expect(describeLotChange(change(7, 'locked', { unitNumber: null }))).toBe('Lot 7 was just locked.')
    expect(describeLotChange(change(7, 'pending', { unitNumber: ' ' }))).toBe('Lot 7 is now pending.')
  })

  it('says a few changes together, and only their number beyond three', () => {
    expect(describeLotChanges([change(1, 'reserved'), change(2, 'available')])).toBe(
      'MKS-01 was just reserved. MKS-02 is available again.'
    )
    expect(describeLotChanges([1, 2, 3, 4].map((id) => change(id, 'sold')))).toBe('4 lots just changed status.')
    expect(describeLotChanges([])).toBe('')
  })
})

describe('isLotMessage', () => {
  it('keeps lot changes and drops anything else on the channel', () => {
    expect(isLotMessage(change(1, 'sold'))).toBe(true)
    expect(isLotMessage({ ...change(1, 'sold'), status: 'vanished' })).toBe(false)
    expect(isLotMessage({ ...change(1, 'sold'), lotId: '1' })).toBe(false)
    expect(isLotMessage({ type: 'booking', bookingId: 1 })).toBe(false)
    expect(isLotMessage(null)).toBe(false)
    expect(isLotMessage('lot')).toBe(false)
  })
})
