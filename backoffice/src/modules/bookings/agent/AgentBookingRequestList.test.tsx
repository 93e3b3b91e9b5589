import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime } from '../../../format'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import { bookingWithDocuments } from '../shared/bookingFixture'
import AgentBookingRequestList from './AgentBookingRequestList'
import { AGENT_BOOKINGS_ENDPOINT, AGENT_BOOKINGS_RESOURCE } from './types'

const fetchMock = vi.fn<typeof fetch>()
const waiting = bookingWithDocuments()
const forwarded = bookingWithDocuments({
  id: 42,
  _id: 42,
  status: 'pending_admin',
  lotNumber: '14',
  unitNumber: 'AIH-B14',
  allowedActions: [],
})
/** Still pending_agent, but the API lets this agent admin do nothing with it: no status rule of the screen's overrides that. */
const notTheirs = bookingWithDocuments({
  id: 43,
  _id: 43,
  lotNumber: '16',
  unitNumber: 'AIH-B16',
  allowedActions: [],
})

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/bookings/agent')
      return json([waiting, forwarded, notTheirs], { 'Content-Range': 'bookings 0-2/3' })
    if (path === '/api/bookings/41') return json(waiting)
    if (path === '/api/bookings/43') return json(notTheirs)
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

/** The page's address, as the router has it. */
function Address() {
  const location = useLocation()
  return <output aria-label="Address">{location.search}</output>
}

const renderList = (address = '/') =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { [AGENT_BOOKINGS_RESOURCE]: AGENT_BOOKINGS_ENDPOINT } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <AgentBookingRequestList />
        <Address />
      </AdminContext>
    </MemoryRouter>
  )

describe('the agent booking requests page', () => {
  it('offers View Details on every request, and Process only where allowedActions let the agent decide', async () => {
    renderList()
    const rows = await screen.findAllByRole('row')
    const rowOf = (unit: string) => rows.find((row) => row.textContent?.includes(unit))!

    expect(within(rowOf('AIH-B12')).getByRole('button', { name: 'Process' })).toBeTruthy()
    for (const unit of ['AIH-B12', 'AIH-B14', 'AIH-B16'])
      expect(within(rowOf(unit)).getByRole('button', { name: 'View Details' })).toBeTruthy()
    expect(within(rowOf('AIH-B14')).queryByRole('button', { name: 'Process' })).toBeNull()
    expect(within(rowOf('AIH-B16')).queryByRole('button', { name: 'Process' })).toBeNull()
  })

  it('offers no Approve or Reject in the details of a pending request the API allows nothing on', async () => {
    renderList()
    const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('AIH-B16'))!

    fireEvent.click(within(row).getByRole('button', { name: 'View Details' }))

    const details = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    await within(details).findByRole('region', { name: 'Uploaded Documents' })
    expect(within(details).queryByRole('button', { name: 'Approve' })).toBeNull()
    expect(within(details).queryByRole('button', { name: 'Reject' })).toBeNull()
    expect(within(details).getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it("opens a waiting request's details with its documents, from the list", async () => {
    renderList()
    const pendingRow = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('AIH-B12'))!

    fireEvent.click(within(pendingRow).getByRole('button', { name: 'View Details' }))

    const details = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    const documents = await within(details).findByRole('region', { name: 'Uploaded Documents' })
    expect(within(documents).getByRole('link', { name: 'View Cheque' })).toBeTruthy()
    expect(within(details).getByRole('button', { name: 'Approve' })).toBeTruthy()
    expect(within(details).getByRole('button', { name: 'Reject' })).toBeTruthy()
  })

  it("opens the details of the booking a link names (a notification's), and closing them drops it from the address", async () => {
    renderList('/?booking=41')

    const details = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    await within(details).findByRole('region', { name: 'Uploaded Documents' })
    expect(within(details).getByText(/AIH-B12/)).toBeTruthy()
    expect(within(details).getByRole('button', { name: 'Approve' })).toBeTruthy()

    fireEvent.click(within(details).getByRole('button', { name: 'Close dialog' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Booking Request Details/ })).toBeNull())
    expect(screen.getByRole('status', { name: 'Address' }).textContent).not.toContain('booking=')
  })

  it('opens nothing for a link naming no booking', async () => {
    renderList('/?booking=abc')
    await screen.findAllByRole('row')
    expect(screen.queryByRole('dialog', { name: /Booking Request Details/ })).toBeNull()
  })

  it('opens Process on a waiting request with its documents in view', async () => {
    renderList()
    const pendingRow = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('AIH-B12'))!

    fireEvent.click(within(pendingRow).getByRole('button', { name: 'Process' }))

    const dialog = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    const documents = within(dialog).getByRole('region', { name: 'Uploaded Documents' })
    expect(within(documents).getByRole('region', { name: 'Identity Card (front/back)' })).toBeTruthy()
    expect(within(documents).getByRole('link', { name: 'Download Cheque' })).toBeTruthy()
  })
})

describe('the agent booking requests page on a phone', () => {
  beforeEach(() => onPhone())

  const cardOf = async (unit: string) =>
    within(await screen.findByRole('list', { name: 'Booking requests' }))
      .getAllByRole('listitem')
      .find((card) => card.textContent?.includes(unit))!

  it('shows each request as a card: what it books, the client, the date and the status, with its actions', async () => {
    renderList()

    const card = await cardOf('AIH-B12')
    expect(screen.queryByRole('table')).toBeNull()
    expect(within(card).getByText('Mei Ling')).toBeTruthy()
    expect(within(card).getByText(formatDateTime(waiting.createdAt))).toBeTruthy()
    expect(within(card).getByText('Pending Your Approval')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'View Details' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Process' })).toBeTruthy()
    expect(within(await cardOf('AIH-B14')).queryByRole('button', { name: 'Process' })).toBeNull()
  })

  it('opens the details, then Process, full screen', async () => {
    renderList()

    fireEvent.click(within(await cardOf('AIH-B12')).getByRole('button', { name: 'View Details' }))
    const details = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    expect(details.className).toContain('MuiDialog-paperFullScreen')
    await within(details).findByRole('region', { name: 'Uploaded Documents' })
    fireEvent.click(within(details).getByRole('button', { name: 'Close dialog' }))

    fireEvent.click(within(await cardOf('AIH-B12')).getByRole('button', { name: 'Process' }))
    const process = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(process.className).toContain('MuiDialog-paperFullScreen')
  })
})
