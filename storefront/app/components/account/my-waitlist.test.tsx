import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { MyWaitlist } from '~/components/account/my-waitlist'
import { offerTimeText } from '~/components/public/lot-type/waitlist'
import type { WaitlistEntry } from '~/models/waitlist'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'

const until = new Date(Date.now() + 12 * 60_000).toISOString()
const ENTRIES: WaitlistEntry[] = [
  {
    id: 1,
    lotId: 103,
    lot: {
      id: 103,
      lotNumber: '3',
      unitNumber: 'MKS-03',
      type: 'INTERMEDIATE (B)',
      typeCode: 'B',
      status: 'reserved',
      propertyName: 'Aero Industrial Hub',
    },
    position: 2,
    status: 'waiting',
    joinedAt: '2026-03-05T02:00:00.000Z',
    offerExpiresAt: null,
  },
  {
    id: 2,
    lotId: 107,
    lot: {
      id: 107,
      lotNumber: '7',
      unitNumber: 'MKS-07',
      type: 'CORNER (A)',
      typeCode: 'A',
      status: 'available',
      propertyName: null,
    },
    position: 1,
    status: 'offered',
    joinedAt: '2026-03-04T02:00:00.000Z',
    offerExpiresAt: until,
  },
]

function renderList(entries: WaitlistEntry[] | null, loadError: string | null = null) {
  const client = new FakeLiveClient()
  const router = createMemoryRouter(
    [
      {
        path: '/enhanced-dashboard',
        element: (
          <MyWaitlist entries={entries} loadError={loadError} userId={12} action="/enhanced-dashboard?tab=bookings" />
        ),
      },
    ],
    { initialEntries: ['/enhanced-dashboard?tab=bookings'] }
  )
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return client
}

describe('My waitlist', () => {
  it('lists each lot with its place in line and status, and a Leave button that works without JavaScript', async () => {
    const client = renderList(ENTRIES)
    const table = await screen.findByRole('table', { name: 'My waitlist' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByRole('link', { name: 'MKS-03' }).getAttribute('href')).toBe(
      '/properties/aeroindustrial/type/B?lot=103'
    )
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual(['INTERMEDIATE (B)', 'Reserved', '2', 'Waiting', 'Mar 05, 2026', expect.stringMatching(/^Leave/)])
    expect(within(second!).getByText(`Your turn until ${offerTimeText(until)}`)).toBeTruthy()

    const form = within(first!)
      .getByRole('button', { name: /^Leave/ })
      .closest('form')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/enhanced-dashboard?tab=bookings',
    ])
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: 'leave-waitlist', lotId: '103' })
    // A waitlist offer in their bell, or a change of one of these lots, loads the list again.
    expect(client.listening).toEqual(expect.arrayContaining(['users/12/notifications', 'lots']))
  })

  it('says when the user waits for nothing, and when the list could not be loaded', async () => {
    renderList([])
    expect(await screen.findByText(/You are not on any waitlist\./)).toBeTruthy()
    document.body.innerHTML = ''
    renderList(null, 'Failed to load your waitlist. Please try again later.')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your waitlist. Please try again later.')
  })
})
