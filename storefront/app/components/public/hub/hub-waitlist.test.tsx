import { fireEvent, render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useActionData, useLoaderData } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { Audience } from '~/components/public/hub/audience'
import { HubPage } from '~/components/public/hub/hub-page'
import type { HubData } from '~/components/public/hub/hub.server'
import { readHubFilters } from '~/components/public/hub/lot-filters'
import type { Lot } from '~/models/lots.server'
import type { WaitlistEntry, WaitlistResult } from '~/models/waitlist'
import { isWaitlistResult } from '~/models/waitlist'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { testLot } from '~/test/lot-fixture'
import { testWaitlistEntry } from '~/test/waitlist-fixture'

const HUB_PATH = '/aero-industrial-hub'

interface HubState {
  lots: Lot[]
  audience: Audience
  waitlist: WaitlistEntry[] | null
  heldLotIds?: number[]
}

function HubRoute() {
  const hub = useLoaderData() as HubData
  const answer = useActionData()
  return (
    <HubPage
      hub={hub}
      membershipResult={null}
      lotEditResult={null}
      formAction={HUB_PATH}
      waitlistResult={isWaitlistResult(answer) ? answer : null}
    />
  )
}

/** The hub with its loader and action stubbed; `state` is what the next load answers. */
function renderHub(state: HubState, answer: (form: FormData) => WaitlistResult = joined(3), url = HUB_PATH) {
  const loads = vi.fn(({ request }: { request: Request }): HubData => ({
    lots: state.lots,
    loadError: null,
    development: null,
    filters: readHubFilters(new URL(request.url).searchParams),
    selectedLotId: null,
    audience: state.audience,
    agencies: [],
    viewerId: state.audience === 'anonymous' ? null : 12,
    waitlist: state.waitlist,
    heldLotIds: state.heldLotIds ?? [],
    contact: { email: 'sales@example.my', phone: '+60 3-1234 5678', whatsapp: '60312345678' },
    hubPath: HUB_PATH,
    origin: 'http://localhost',
  }))
  const posted: FormData[] = []
  const router = createMemoryRouter(
    [
      {
        path: HUB_PATH,
        loader: loads,
        action: async ({ request }) => {
          const form = await request.formData()
          posted.push(form)
          return answer(form)
        },
        element: <HubRoute />,
      },
    ],
    { initialEntries: [url] }
  )
  render(
    <LiveClientContext.Provider value={new FakeLiveClient()}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return { loads, posted }
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

const LOTS = () => [
  testLot(2, 'available'),
  testLot(3, 'reserved', { waitlistCount: 2 }),
  testLot(4, 'sold'),
  testLot(5, 'booked'),
]

const row = (unit: string) =>
  screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name: new RegExp(`^${unit}`) }))!
const joinButton = (unit: string) =>
  within(row(unit)).queryByRole('button', { name: new RegExp(`^Notify me / Join waitlist ?for ${unit}$`) })
const shown = () => screen.findByRole('region', { name: /Shop lots/ })

describe('the hub: joining a lot’s waitlist', () => {
  it('offers a member "Notify me / Join waitlist" on a reserved or booked lot, posting to the hub, then shows their place', async () => {
    const state: HubState = { lots: LOTS(), audience: 'member', waitlist: [] }
    const { loads, posted } = renderHub(state)
    await shown()
    expect(joinButton('MKS-02')).toBeNull()
    expect(joinButton('MKS-04')).toBeNull()
    expect(joinButton('MKS-05')).toBeTruthy()
    expect(within(row('MKS-03')).getByText('2 people waiting')).toBeTruthy()
    // A form that posts to the hub's own action: it works before (or without) JavaScript.
    const form = joinButton('MKS-03')!.closest('form')!
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', HUB_PATH])

    // The backend puts them in line; the hub loads again and shows where.
    state.waitlist = [testWaitlistEntry(3, 3)]
    fireEvent.click(joinButton('MKS-03')!)
    expect(await within(row('MKS-03')).findByText('You are number 3 on the waitlist.')).toBeTruthy()
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: 'join-waitlist', lotId: '103' })
    expect(loads).toHaveBeenCalledTimes(2)
    expect(within(row('MKS-03')).getByRole('button', { name: /^Leave waitlist ?of MKS-03$/ })).toBeTruthy()
  })

  it('shows an agent admin their place on a lot they already wait for', async () => {
    renderHub({ lots: LOTS(), audience: 'agent_admin', waitlist: [testWaitlistEntry(5, 1)] })
    await shown()
    expect(within(row('MKS-05')).getByText('You are number 1 on the waitlist.')).toBeTruthy()
    expect(joinButton('MKS-05')).toBeNull()
    expect(joinButton('MKS-03')).toBeTruthy()
  })

  it('offers no waitlist on a lot the member’s own booking holds', async () => {
    renderHub({ lots: LOTS(), audience: 'member', waitlist: [], heldLotIds: [105] })
    await shown()
    expect(joinButton('MKS-05')).toBeNull()
    expect(joinButton('MKS-03')).toBeTruthy()
  })

  it('offers it to nobody else: a visitor’s page (the one the cache keeps) has none', async () => {
    for (const audience of ['anonymous', 'join', 'pending', 'super_admin'] as const) {
      renderHub({ lots: LOTS(), audience, waitlist: null })
      await shown()
      expect(screen.queryByText(/Join waitlist/)).toBeNull()
      expect(screen.queryByText(/people waiting/)).toBeNull()
      document.body.innerHTML = ''
    }
  })

  it('shows a refusal in the backend’s words in the lot’s row', async () => {
    renderHub({ lots: LOTS(), audience: 'member', waitlist: [] }, (form) => ({
      intent: 'join-waitlist',
      lotId: Number(form.get('lotId')),
      ok: false,
      message: 'You are already on this lot’s waitlist.',
      at: Date.now(),
    }))
    await shown()
    fireEvent.click(joinButton('MKS-05')!)
    expect((await within(row('MKS-05')).findByRole('alert')).textContent).toBe(
      'You are already on this lot’s waitlist.'
    )
  })

  it('posts with the filters in the address, so the answer comes back to the same lots', async () => {
    renderHub({ lots: LOTS(), audience: 'member', waitlist: [] }, joined(1), `${HUB_PATH}?status=booked`)
    await shown()
    const form = joinButton('MKS-05')!.closest('form')!
    expect(form.getAttribute('action')).toBe(`${HUB_PATH}?status=booked`)
  })
})
