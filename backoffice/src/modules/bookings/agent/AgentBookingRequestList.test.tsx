import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../providers/dataProvider'
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
})

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/bookings/agent') return json([waiting, forwarded], { 'Content-Range': 'bookings 0-1/2' })
    if (path === '/api/bookings/41') return json(waiting)
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { [AGENT_BOOKINGS_RESOURCE]: AGENT_BOOKINGS_ENDPOINT } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <AgentBookingRequestList />
      </AdminContext>
    </MemoryRouter>
  )

describe('the agent booking requests page', () => {
  it('offers View Details on every request, and Process on those waiting for the agent', async () => {
    renderList()
    const pendingRow = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('AIH-B12'))!
    const forwardedRow = screen.getAllByRole('row').find((row) => row.textContent?.includes('AIH-B14'))!

    expect(within(pendingRow).getByRole('button', { name: 'Process' })).toBeTruthy()
    expect(within(pendingRow).getByRole('button', { name: 'View Details' })).toBeTruthy()
    expect(within(forwardedRow).queryByRole('button', { name: 'Process' })).toBeNull()
    expect(within(forwardedRow).getByRole('button', { name: 'View Details' })).toBeTruthy()
  })

  it("opens a waiting request's details with its documents, from the list", async () => {
    renderList()
    const pendingRow = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('AIH-B12'))!

    fireEvent.click(within(pendingRow).getByRole('button', { name: 'View Details' }))

    const details = await screen.findByRole('dialog', { name: /Booking Request Details/ })
    const documents = await within(details).findByRole('region', { name: 'Uploaded Documents' })
    expect(within(documents).getByRole('link', { name: 'View Cheque' })).toBeTruthy()
    expect(within(details).getByRole('button', { name: 'Approve' })).toBeTruthy()
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
