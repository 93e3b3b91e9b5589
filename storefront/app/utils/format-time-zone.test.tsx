import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '~/components/account/booking-details'
import type { UserBooking } from '~/models/user-booking'
import { formatDate, formatDateTime, formatTime } from '~/utils/format'

/**
 * The same table is asserted by the backoffice (backoffice/src/format-time-zone.test.ts):
 * one booking reads the same in both apps, on any machine.
 */
const MOMENTS = [
  { at: '2026-11-22T17:26:00Z', date: 'Nov 23, 2026', time: '1:26 AM MYT', dateTime: 'Nov 23, 2026, 1:26 AM MYT' },
  { at: '2024-03-05T04:05:00Z', date: 'Mar 05, 2024', time: '12:05 PM MYT', dateTime: 'Mar 05, 2024, 12:05 PM MYT' },
  { at: '2024-12-31T16:00:00Z', date: 'Jan 01, 2025', time: '12:00 AM MYT', dateTime: 'Jan 01, 2025, 12:00 AM MYT' },
  { at: '2025-07-01T09:59:00+08:00', date: 'Jul 01, 2025', time: '9:59 AM MYT', dateTime: 'Jul 01, 2025, 9:59 AM MYT' },
]

const MACHINE_ZONES = ['America/Los_Angeles', 'UTC', 'Asia/Tokyo']
const startingZone = process.env.TZ

afterEach(() => {
  if (startingZone === undefined) delete process.env.TZ
  else process.env.TZ = startingZone
})

const booking: UserBooking = {
  id: 'b-000123',
  _id: 'b-000123',
  status: 'approved',
  createdAt: '2026-11-22T17:26:00Z',
  updatedAt: '2026-11-23T02:00:00Z',
  lotId: 7,
  unitId: null,
  lot: null,
  unit: null,
  propertyName: 'Aero Industrial Hub',
  propertyPhase: 4,
  lotNumber: '7',
  unitNumber: 'MKS-07',
  lotType: 'INTERMEDIATE (B)',
  buildUp: 242,
  landSize: 186,
  creatorName: 'Nur Aina',
  creatorEmail: 'aina@example.my',
  creatorPhone: null,
  contactPhone: '+60123456789',
  user: null,
  agency: null,
  requestMessage: null,
  agentNotes: null,
  adminNotes: null,
  cancellationDate: null,
  documents: [],
  history: [{ id: 1, from: 'pending_admin', to: 'approved', notes: null, at: '2026-11-23T02:00:00Z', by: null }],
  allowedActions: [],
}

describe('dates and times in the development time zone', () => {
  it.each(MACHINE_ZONES)('gives the same text on a machine set to %s', (zone) => {
    process.env.TZ = zone
    for (const moment of MOMENTS) {
      expect(formatDate(moment.at)).toBe(moment.date)
      expect(formatTime(moment.at)).toBe(moment.time)
      expect(formatDateTime(moment.at)).toBe(moment.dateTime)
    }
  })

  it('really runs under other machine zones (the check above is not vacuous)', () => {
    process.env.TZ = 'America/Los_Angeles'
    const losAngeles = new Date('2026-11-22T17:26:00Z').getHours()
    process.env.TZ = 'UTC'
    expect(new Date('2026-11-22T17:26:00Z').getHours()).not.toBe(losAngeles)
  })

  it('hydrates a page rendered on a server in another zone without a mismatch', async () => {
    process.env.TZ = 'UTC'
    const html = renderToString(<BookingDetails booking={booking} />)
    expect(html).toContain('Nov 23, 2026, 1:26 AM MYT')
    expect(html).toContain('Nov 23, 2026, 10:00 AM MYT')
    expect(html).not.toMatch(/[\u202f\u00a0]/)

    process.env.TZ = 'America/Los_Angeles'
    // The details load "who opened your documents" after hydration: kept loading here, so the
    // page compared is the hydrated one, not one a later fetch changed.
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const mismatches: unknown[] = []
    await act(async () => {
      hydrateRoot(container, <BookingDetails booking={booking} />, {
        onRecoverableError: (error) => mismatches.push(error),
      })
    })
    expect(mismatches).toEqual([])
    expect(container.innerHTML).toBe(html)
    container.remove()
    vi.unstubAllGlobals()
  })
})
