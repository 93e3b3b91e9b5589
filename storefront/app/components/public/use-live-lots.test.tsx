import { act, render, screen, waitFor, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { RouterProvider, createMemoryRouter, useLoaderData } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { HubPage } from '~/components/public/hub/hub-page'
import type { HubData } from '~/components/public/hub/hub.server'
import { readHubFilters } from '~/components/public/hub/lot-filters'
import { PLAN_FILL } from '~/components/public/hub/site-plan'
import type { LotMessage } from '~/components/public/live-lots'
import type { LotStatus } from '~/components/public/lot-status'
import { useLiveLots } from '~/components/public/use-live-lots'
import type { Lot } from '~/models/lots.server'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { testLot } from '~/test/lot-fixture'
import { LiveClientContext } from '@aero/shared/live-client'

const HUB_PATH = '/aero-industrial-hub'

const lot = (n: number, status: LotStatus) => testLot(n, status)

function hubData(lots: Lot[]): HubData {
  return {
    lots,
    loadError: null,
    development: null,
    filters: readHubFilters(new URLSearchParams()),
    selectedLotId: null,
    audience: 'anonymous',
    agencies: [],
    viewerId: null,
    waitlist: null,
    heldLotIds: [],
    contact: { email: 'sales@example.my', phone: '+60 3-1234 5678', whatsapp: '60312345678' },
    hubPath: HUB_PATH,
    origin: 'http://localhost',
  }
}

function change(n: number, status: LotStatus, extra: Partial<LotMessage> = {}): LotMessage {
  return {
    type: 'lot',
    lotId: 100 + n,
    developmentId: 1,
    typeCode: 'B',
    lotNumber: String(n),
    unitNumber: `MKS-${String(n).padStart(2, '0')}`,
    status,
    previous: 'available',
    cause: 'booking',
    at: '2025-03-01T02:05:00.000Z',
    ...extra,
  }
}

function HubRoute() {
  const hub = useLoaderData() as HubData
  return <HubPage hub={hub} membershipResult={null} lotEditResult={null} formAction={HUB_PATH} />
}

/** The hub in a data router whose loader answers `load()` (counted), with `client` as its push connection. */
function renderHub(client: FakeLiveClient, load: () => Lot[]) {
  let loads = 0
  const router = createMemoryRouter(
    [
      {
        path: HUB_PATH,
        loader: () => {
          loads++
          return hubData(load())
        },
        element: <HubRoute />,
      },
    ],
    { initialEntries: [HUB_PATH] }
  )
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return { loads: () => loads }
}

const row = (unit: string) =>
  screen
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('link', { name: new RegExp(`^${unit}`) }))!
const badge = (unit: string) => row(unit).querySelector('.badge')!.textContent
const planFill = (unit: string) =>
  within(screen.getByRole('group', { name: 'Lots on the site plan' }))
    .getByRole('link', { name: new RegExp(`^${unit},`) })
    .querySelector('rect')!
    .getAttribute('fill')
const count = (key: string) => document.querySelector(`.availability__count--${key} dd`)!.textContent
const announcer = () => document.querySelector('[aria-live="polite"].live-announcer')!

describe('the hub with pushed lot changes', () => {
  const lots = [lot(1, 'available'), lot(2, 'available'), lot(3, 'sold'), lot(7, 'available')]

  it('listens to the lots channel and updates the row, counts, bar and plan in place, saying what changed', async () => {
    const client = new FakeLiveClient()
    const hub = renderHub(client, () => lots)
    await screen.findByRole('region', { name: /Shop lots/ })
    await waitFor(() => expect(client.listening).toEqual(['lots']))
    expect(count('available')).toBe('3')
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('75')
    expect(announcer().textContent).toBe('')

    act(() => client.push('lots', change(7, 'reserved')))

    expect(badge('MKS-07')).toBe('Reserved')
    expect(planFill('MKS-07')).toBe(PLAN_FILL.yellow)
    expect(count('available')).toBe('2')
    expect(count('reserved')).toBe('1')
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('50')
    expect(announcer().textContent).toBe('MKS-07 was just reserved.')
    // In place: the page did not load its data again.
    expect(hub.loads()).toBe(1)

    act(() => client.push('lots', change(7, 'available', { previous: 'reserved', at: '2025-03-01T02:06:00.000Z' })))
    expect(badge('MKS-07')).toBe('Available')
    expect(planFill('MKS-07')).toBe(PLAN_FILL.green)
    expect(count('available')).toBe('3')
    expect(announcer().textContent).toBe('MKS-07 is available again.')
  })

  it('puts a lot on sale when its release batch is released, and says so', async () => {
    const client = new FakeLiveClient()
    renderHub(client, () => [{ ...lot(5, 'available'), released: false }, lot(1, 'available')])
    await screen.findByRole('region', { name: /Shop lots/ })
    await waitFor(() => expect(client.listening).toEqual(['lots']))
    expect(within(row('MKS-05')).getByRole('button', { name: /^Not released/ })).toBeDefined()

    act(() => client.push('lots', change(5, 'available', { cause: 'release', released: true })))

    expect(within(row('MKS-05')).queryByRole('button', { name: /^Not released/ })).toBeNull()
    expect(within(row('MKS-05')).getByRole('link', { name: /^Login/ })).toBeDefined()
    expect(announcer().textContent).toBe('MKS-05 was just released for sale.')
  })

  it('shows a lot taken off sale as not released, and loads the data again for whether it stays listed', async () => {
    const client = new FakeLiveClient()
    let current = [lot(5, 'available'), lot(1, 'available')]
    const hub = renderHub(client, () => current)
    await screen.findByRole('region', { name: /Shop lots/ })
    await waitFor(() => expect(client.listening).toEqual(['lots']))
    expect(within(row('MKS-05')).getByRole('link', { name: /^Login/ })).toBeDefined()

    // This development shows its lots not yet released: listed still, as "Not released".
    current = [{ ...lot(5, 'available'), released: false }, lot(1, 'available')]
    act(() => client.push('lots', change(5, 'available', { cause: 'release', released: false })))

    expect(within(row('MKS-05')).getByRole('button', { name: /^Not released/ })).toBeDefined()
    expect(announcer().textContent).toBe('MKS-05 was taken off sale.')
    await waitFor(() => expect(hub.loads()).toBe(2))
    expect(within(row('MKS-05')).getByRole('button', { name: /^Not released/ })).toBeDefined()
  })

  it('drops a lot taken off sale, and lists one put on sale, when its development hides lots not released', async () => {
    const client = new FakeLiveClient()
    let current = [lot(5, 'available'), lot(1, 'available')]
    const hub = renderHub(client, () => current)
    await screen.findByRole('region', { name: /Shop lots/ })
    await waitFor(() => expect(client.listening).toEqual(['lots']))
    expect(count('available')).toBe('2')

    // Its public reads leave the lot out now, as a first render would.
    current = [lot(1, 'available')]
    act(() => client.push('lots', change(5, 'available', { cause: 'release', released: false })))
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /^MKS-05/ })).toEqual([]), { timeout: 10_000 })
    expect(count('available')).toBe('1')
    expect(hub.loads()).toBe(2)

    // Put back on sale: the page does not list it, its data loaded again does.
    current = [lot(5, 'available'), lot(1, 'available')]
    act(() => client.push('lots', change(5, 'available', { cause: 'release', released: true })))
    await waitFor(() => expect(within(row('MKS-05')).getByRole('link', { name: /^Login/ })).toBeDefined(), {
      timeout: 10_000,
    })
    expect(count('available')).toBe('2')
    expect(hub.loads()).toBe(3)
  }, 25_000)

  it('ignores a lot it does not show and anything that is not a lot change', async () => {
    const client = new FakeLiveClient()
    renderHub(client, () => lots)
    await screen.findByRole('region', { name: /Shop lots/ })

    act(() => {
      client.push('lots', { ...change(99, 'sold'), lotId: 999 })
      client.push('lots', { type: 'booking', bookingId: 5, lotId: 107 })
      client.push('lots', change(3, 'sold'))
    })

    expect(count('available')).toBe('3')
    expect(count('sold')).toBe('1')
    expect(announcer().textContent).toBe('')
  })

  it('loads the lots again when the connection is back after a drop', async () => {
    const client = new FakeLiveClient()
    let current = lots
    const hub = renderHub(client, () => current)
    await screen.findByRole('region', { name: /Shop lots/ })

    // Missed while disconnected: lot 2 was booked.
    current = lots.map((entry) => (entry.id === 102 ? { ...entry, status: 'booked' as const } : entry))
    act(() => client.reconnect())

    // The page's data loads again (a router navigation: give a loaded machine time; the test's own
    // limit is longer than the wait, so a slow run fails on what it waited for, not on the clock).
    await waitFor(() => expect(badge('MKS-02')).toBe('Booked'), { timeout: 10_000 })
    expect(hub.loads()).toBe(2)
    expect(planFill('MKS-02')).toBe(PLAN_FILL.blue)
    expect(count('booked')).toBe('1')
  }, 15_000)
})

describe('useLiveLots', () => {
  function Lots({ lots }: { lots: Lot[] }) {
    const live = useLiveLots(lots)
    return <p>{live.lots.map((entry) => `${entry.unitNumber}:${entry.status}`).join(' ')}</p>
  }

  it('does not subscribe while rendering on the server', () => {
    const client = new FakeLiveClient()
    const router = createMemoryRouter([{ path: '/', element: <Lots lots={[lot(1, 'available')]} /> }], {
      hydrationData: { loaderData: {} },
    })
    const html = renderToString(
      <LiveClientContext.Provider value={client}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </LiveClientContext.Provider>
    )
    expect(html).toContain('MKS-01:available')
    expect(client.subscribed).toEqual([])
  })

  it('unsubscribes when unmounted', () => {
    const client = new FakeLiveClient()
    const router = createMemoryRouter([{ path: '/', element: <Lots lots={[lot(1, 'available')]} /> }])
    const view = render(
      <LiveClientContext.Provider value={client}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </LiveClientContext.Provider>
    )
    expect(client.listening).toEqual(['lots'])
    view.unmount()
    expect(client.listening).toEqual([])
    expect(client.reconnectListeners.size).toBe(0)
  })
})
