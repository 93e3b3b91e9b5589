import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLoaderData } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { Audience } from '~/components/public/hub/audience'
import { HubPage } from '~/components/public/hub/hub-page'
import type { HubData } from '~/components/public/hub/hub.server'
import { readHubFilters } from '~/components/public/hub/lot-filters'
import { PLAN_FILL } from '~/components/public/hub/site-plan'
import { heldText, heldUntil, offerTimeText } from '~/components/public/hub/waitlist-hold'
import type { Lot } from '~/models/lots.server'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { testLot } from '~/test/lot-fixture'
import { testWaitlistEntry } from '~/test/waitlist-fixture'

const HUB_PATH = '/aero-industrial-hub'

function HubRoute() {
  const hub = useLoaderData() as HubData
  return <HubPage hub={hub} membershipResult={null} lotEditResult={null} formAction={HUB_PATH} />
}

/** The hub as `audience` sees it; `offered`: the lots (numbers) a waitlist offer holds for the viewer. */
function renderHub(lots: Lot[], audience: Audience, offered: number[] = [], selected: number | null = null) {
  const hub: HubData = {
    lots,
    loadError: null,
    development: null,
    filters: readHubFilters(new URLSearchParams()),
    selectedLotId: selected,
    audience,
    agencies: [],
    viewerId: audience === 'anonymous' ? null : 12,
    waitlist: offered.map((n) =>
      testWaitlistEntry(n, 1, {
        status: 'offered',
        offerExpiresAt: lots.find((lot) => lot.id === 100 + n)?.offeredUntil,
      })
    ),
    heldLotIds: [],
    contact: { email: 'sales@example.my', phone: '+60 3-1234 5678', whatsapp: '60312345678' },
    hubPath: HUB_PATH,
    origin: 'http://localhost',
  }
  const router = createMemoryRouter([{ path: HUB_PATH, loader: () => hub, element: <HubRoute /> }], {
    initialEntries: [HUB_PATH],
  })
  render(
    <LiveClientContext.Provider value={new FakeLiveClient()}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
}

const row = (unit: string) =>
  screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name: new RegExp(`^${unit}`) }))!
const planLot = (unit: string) =>
  within(screen.getByRole('group', { name: 'Lots on the site plan' })).getByRole('link', {
    name: new RegExp(`^${unit},`),
  })

describe('a lot a waitlist offer holds', () => {
  const until = new Date(Date.now() + 30 * 60_000).toISOString()
  const lots = [testLot(1, 'available'), testLot(2, 'available', { offeredUntil: until })]

  it('knows when the hold is over', () => {
    expect(heldUntil({ status: 'available', offeredUntil: until })).toBe(until)
    expect(heldUntil({ status: 'available', offeredUntil: new Date(Date.now() - 1000).toISOString() })).toBeNull()
    expect(heldUntil({ status: 'reserved', offeredUntil: until })).toBeNull()
    expect(heldUntil({ status: 'available', offeredUntil: null })).toBeNull()
  })

  it('reads as held, with until when, on the hub table and plan, and offers no Book Now to other members', async () => {
    renderHub(lots, 'member')
    await screen.findByRole('region', { name: /Shop lots/ })
    const text = heldText(until)
    expect(text).toBe(`Held for the waitlist until ${offerTimeText(until)}`)
    expect(row('MKS-02').querySelector('.badge')!.textContent).toBe(text)
    expect(within(row('MKS-02')).queryByRole('link', { name: /Book Now/ })).toBeNull()
    const held = within(row('MKS-02')).getByRole('button', { name: /^Held/ })
    expect(held.textContent).toBe(`Held MKS-02: ${text}`)
    expect((held as HTMLButtonElement).disabled).toBe(true)
    expect(planLot('MKS-02').getAttribute('aria-label') ?? planLot('MKS-02').textContent).toContain(text)
    expect(planLot('MKS-02').querySelector('rect')!.getAttribute('fill')).toBe(PLAN_FILL.yellow)
    // The lot beside it is as available as ever.
    expect(row('MKS-01').querySelector('.badge')!.textContent).toBe('Available')
    expect(within(row('MKS-01')).getByRole('link', { name: /Book Now/ })).toBeTruthy()
    expect(planLot('MKS-01').querySelector('rect')!.getAttribute('fill')).toBe(PLAN_FILL.green)
  })

  it('still offers Book Now to the person it is offered to', async () => {
    renderHub(lots, 'member', [2])
    await screen.findByRole('region', { name: /Shop lots/ })
    expect(row('MKS-02').querySelector('.badge')!.textContent).toBe(heldText(until))
    expect(within(row('MKS-02')).getByRole('link', { name: /Book Now/ })).toBeTruthy()
  })

  it('shows as held to a super admin and in the lot details', async () => {
    renderHub(lots, 'super_admin', [], lots[1].id)
    await screen.findByRole('region', { name: /Shop lots/ })
    expect(within(row('MKS-02')).queryByText('Available')).toBeNull()
    const details = screen.getByRole('region', { name: 'MKS-02' })
    expect(within(details).getAllByText(heldText(until)).length).toBeGreaterThan(0)
  })
})
