import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { Audience } from '~/components/public/hub/audience'
import type { LotStatus } from '~/components/public/lot-status'
import { offerTimeText } from '~/components/public/lot-type/waitlist'
import type { Lot } from '~/models/lots.server'
import type { WaitlistEntry, WaitlistResult } from '~/models/waitlist'
import LotTypeRoute from '~/routes/properties.aeroindustrial.type.$typeId'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { testLot } from '~/test/lot-fixture'
import { testWaitlistEntry } from '~/test/waitlist-fixture'
import { LiveClientContext } from '@aero/shared/live-client'

const PATH = '/properties/aeroindustrial/type/B'

const lot = (n: number, status: LotStatus, overrides: Partial<Lot> = {}) =>
  testLot(n, status, { price: 450_000, ...overrides })

const entry = testWaitlistEntry

interface PageState {
  lots: Lot[]
  audience: Audience
  waitlist: WaitlistEntry[] | null
  viewerId: number | null
  /** The lots the member's own live bookings hold. */
  heldLotIds?: number[]
}

/** The lot-type page with its loader and action stubbed; `state` is what the next load answers. */
function renderTypePage(state: PageState, answer: (form: FormData) => WaitlistResult = joined(1)) {
  const client = new FakeLiveClient()
  const loads = vi.fn(() => ({
    typeId: 'B' as const,
    lots: state.lots,
    availability: { available: 1, reserved: 2, booked: 0, sold: 1, total: 4, percentageAvailable: 25 },
    loadError: null,
    selectedLotId: null,
    audience: state.audience,
    viewerId: state.viewerId,
    waitlist: state.waitlist,
    heldLotIds: state.heldLotIds ?? [],
    contact: { email: 'sales@example.my', phone: '+60 3-1234 5678', whatsapp: '60312345678' },
    origin: 'http://localhost',
  }))
  const posted: FormData[] = []
  const router = createMemoryRouter(
    [
      {
        id: 'type',
        path: PATH,
        loader: loads,
        action: async ({ request }) => {
          const form = await request.formData()
          posted.push(form)
          return answer(form)
        },
        element: <LotTypeRoute />,
      },
    ],
    { initialEntries: [PATH] }
  )
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return { client, loads, posted }
}

function joined(position: number) {
  return (form: FormData): WaitlistResult => ({
    intent: 'join-waitlist',
    lotId: Number(form.get('lotId')),
    ok: true,
    message: `You are number ${position} on the waitlist.`,
    at: Date.now(),
  })
}

/** The waitlist line of a lot's action cell, as read. */
const note = (element: HTMLElement) => element.querySelector('.waitlist__note')?.textContent ?? null

const row = (unit: string) =>
  screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(unit, { selector: 'a' }))!

const LOTS = () => [lot(2, 'available'), lot(3, 'reserved', { waitlistCount: 2 }), lot(4, 'sold'), lot(5, 'booked')]

describe('the lot-type page: a lot’s waitlist', () => {
  it('offers a signed-in member "Notify me / Join waitlist" on reserved and booked lots only, then shows their place', async () => {
    const state: PageState = { lots: LOTS(), audience: 'member', waitlist: [], viewerId: 12 }
    const { loads, posted } = renderTypePage(state)
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(within(row('MKS-02')).queryByRole('button', { name: /Join waitlist/ })).toBeNull()
    expect(within(row('MKS-04')).queryByRole('button', { name: /Join waitlist/ })).toBeNull()
    expect(within(row('MKS-05')).getByRole('button', { name: /^Notify me \/ Join waitlist ?for MKS-05$/ })).toBeTruthy()
    expect(within(row('MKS-03')).getByText('2 people waiting')).toBeTruthy()

    // The backend puts them in line; the page loads again and shows where.
    state.waitlist = [entry(3, 3)]
    fireEvent.click(within(row('MKS-03')).getByRole('button', { name: /^Notify me \/ Join waitlist ?for MKS-03$/ }))
    expect(await within(row('MKS-03')).findByText('You are number 3 on the waitlist.')).toBeTruthy()
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: 'join-waitlist', lotId: '103' })
    expect(loads).toHaveBeenCalledTimes(2)
    const leave = within(row('MKS-03')).getByRole('button', { name: /^Leave waitlist ?of MKS-03$/ })
    const form = leave.closest('form')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', PATH])
  })

  it('offers no waitlist on a lot the member’s own booking holds', async () => {
    const state: PageState = { lots: LOTS(), audience: 'member', waitlist: [], viewerId: 12, heldLotIds: [105] }
    renderTypePage(state)
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(within(row('MKS-05')).queryByRole('button', { name: /Join waitlist/ })).toBeNull()
    expect(within(row('MKS-03')).getByRole('button', { name: /^Notify me \/ Join waitlist ?for MKS-03$/ })).toBeTruthy()
  })

  it('leaves the waitlist, and shows a refusal in the backend’s words', async () => {
    const state: PageState = { lots: LOTS(), audience: 'member', waitlist: [entry(3, 1)], viewerId: 12 }
    let refuse = true
    renderTypePage(state, (form) => ({
      intent: form.get('intent') as WaitlistResult['intent'],
      lotId: Number(form.get('lotId')),
      ok: !refuse,
      message: refuse ? 'You are already on this lot’s waitlist.' : 'You have left the waitlist.',
      at: Date.now(),
    }))
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(within(row('MKS-03')).getByText('You are number 1 on the waitlist.')).toBeTruthy()

    fireEvent.click(within(row('MKS-05')).getByRole('button', { name: /Join waitlist/ }))
    expect((await within(row('MKS-05')).findByRole('alert')).textContent).toBe(
      'You are already on this lot’s waitlist.'
    )

    refuse = false
    state.waitlist = []
    fireEvent.click(within(row('MKS-03')).getByRole('button', { name: /^Leave waitlist ?of MKS-03$/ }))
    expect(await within(row('MKS-03')).findByRole('status')).toBeTruthy()
    expect(within(row('MKS-03')).getByRole('status').textContent).toBe('You have left the waitlist.')
    expect(within(row('MKS-03')).getByRole('button', { name: /Join waitlist/ })).toBeTruthy()
  })

  it('sends a visitor who is not signed in to log in first, and offers super admins nothing', async () => {
    renderTypePage({ lots: LOTS(), audience: 'anonymous', waitlist: null, viewerId: null })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    const link = within(row('MKS-03')).getByRole('link', { name: /Notify me \/ Join waitlist/ })
    expect(link.getAttribute('href')).toBe(`/login?redirectTo=${encodeURIComponent(`${PATH}?lot=103`)}`)
    expect(within(row('MKS-04')).queryByRole('link', { name: /Join waitlist/ })).toBeNull()
  })

  it('offers nothing to a super admin or a user without an approved agency', async () => {
    for (const audience of ['super_admin', 'join', 'pending'] as const) {
      renderTypePage({ lots: LOTS(), audience, waitlist: null, viewerId: 1 })
      await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
      expect(screen.queryByText(/Join waitlist/)).toBeNull()
      document.body.innerHTML = ''
    }
  })

  it('shows a lot held for the waitlist to everyone else, and "It’s your turn" to the person it is offered to', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString()
    const lots = [lot(2, 'available', { offeredUntil: until, waitlistCount: 1 }), lot(3, 'reserved'), lot(4, 'sold')]
    renderTypePage({ lots, audience: 'member', waitlist: [], viewerId: 12 })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(note(row('MKS-02'))).toBe(`Held for the waitlist until ${offerTimeText(until)}.`)
    // Held for someone else: no Book Now (the backend would refuse it), the status says so.
    expect(within(row('MKS-02')).queryByRole('link', { name: /Book Now/ })).toBeNull()
    expect((within(row('MKS-02')).getByRole('button', { name: /^Held/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(row('MKS-02').querySelector('.badge')!.textContent).toBe(
      `Held for the waitlist until ${offerTimeText(until)}`
    )
    document.body.innerHTML = ''

    renderTypePage({
      lots,
      audience: 'member',
      waitlist: [entry(2, 1, { status: 'offered', offerExpiresAt: until })],
      viewerId: 12,
    })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    const mine = row('MKS-02')
    expect(note(mine)).toBe(`It's your turn: request this lot before ${offerTimeText(until)}.`)
    expect(within(mine).queryByRole('button', { name: /^Held/ })).toBeNull()
    expect(within(mine).getByRole('link', { name: /Book Now/ })).toBeTruthy()
    expect(within(mine).getByRole('button', { name: /^Leave waitlist ?of MKS-02$/ })).toBeTruthy()
  })

  it('shows no hold once the offer has run out', async () => {
    const past = new Date(Date.now() - 60_000).toISOString()
    renderTypePage({
      lots: [lot(2, 'available', { offeredUntil: past })],
      audience: 'anonymous',
      waitlist: null,
      viewerId: null,
    })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(screen.queryByText(/Held for the waitlist/)).toBeNull()
  })
})

describe('the lot-type page: waitlist changes pushed live', () => {
  const change = (lotId: number, status: LotStatus, extra: Record<string, unknown> = {}) => ({
    type: 'lot',
    lotId,
    developmentId: 1,
    typeCode: 'B',
    lotNumber: String(lotId - 100),
    unitNumber: `MKS-0${lotId - 100}`,
    status,
    previous: 'reserved',
    cause: 'booking',
    at: new Date().toISOString(),
    ...extra,
  })

  it('shows an offer that starts or ends in place for a visitor, without loading the page again', async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString()
    const { client, loads } = renderTypePage({ lots: LOTS(), audience: 'anonymous', waitlist: null, viewerId: null })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    act(() => client.push('lots', change(103, 'available', { offeredUntil: until })))
    expect(note(row('MKS-03'))).toBe(`Held for the waitlist until ${offerTimeText(until)}.`)
    expect(document.querySelector('.live-announcer')!.textContent).toBe('MKS-03 is available again.')
    act(() =>
      client.push(
        'lots',
        change(103, 'available', { offeredUntil: null, at: new Date(Date.now() + 1000).toISOString() })
      )
    )
    expect(within(row('MKS-03')).queryByText(/Held for the waitlist/)).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(loads).toHaveBeenCalledTimes(1)
  })

  it('never loads the page again for a visitor: what everyone sees of a line comes with the push', async () => {
    const { client, loads } = renderTypePage({ lots: LOTS(), audience: 'anonymous', waitlist: null, viewerId: null })
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    act(() => client.push('lots', change(103, 'available')))
    act(() => client.push('lots', change(105, 'booked', { cause: 'waitlist', waitlistCount: 1, offeredUntil: null })))
    expect(within(row('MKS-05')).getByText('1 person waiting')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(loads).toHaveBeenCalledTimes(1)
    expect(client.listening).toEqual(['lots'])
  })

  it('loads a member’s places again when a lot shown changes or their bell brings a waitlist offer', async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString()
    const state: PageState = { lots: LOTS(), audience: 'member', waitlist: [entry(3, 1)], viewerId: 12 }
    const { client, loads } = renderTypePage(state)
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    expect(client.listening).toContain('users/12/notifications')

    // A lot of another type, and a lot shown they do not wait for: nothing of theirs changed.
    act(() => client.push('lots', { ...change(3, 'available'), lotId: 3, typeCode: 'A' }))
    act(() => client.push('lots', change(105, 'booked', { cause: 'waitlist', waitlistCount: 1, offeredUntil: null })))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(loads).toHaveBeenCalledTimes(1)
    // The lot they wait for comes back and is offered to them.
    state.lots = [lot(2, 'available'), lot(3, 'available', { offeredUntil: until }), lot(4, 'sold'), lot(5, 'booked')]
    state.waitlist = [entry(3, 1, { status: 'offered', offerExpiresAt: until })]
    act(() => client.push('lots', change(103, 'available', { cause: 'waitlist', offeredUntil: until })))
    await vi.waitFor(() =>
      expect(note(row('MKS-03'))).toBe(`It's your turn: request this lot before ${offerTimeText(until)}.`)
    )
    expect(loads).toHaveBeenCalledTimes(2)

    act(() =>
      client.push('users/12/notifications', {
        type: 'notification',
        id: 5,
        kind: 'waitlist_offer',
        title: 'Your turn: lot 3 is free',
        link: `${PATH}?lot=103`,
        createdAt: new Date().toISOString(),
      })
    )
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(3))
    act(() =>
      client.push('users/12/notifications', { type: 'notification', id: 6, kind: 'booking_status', title: 'Approved' })
    )
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(loads).toHaveBeenCalledTimes(3)
  })
})
