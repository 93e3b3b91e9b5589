import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { bookingWithDocuments } from '../shared/bookingFixture'
import BookingApprovalList from './BookingApprovalList'

const fetchMock = vi.fn<typeof fetch>()
const booking = (
  id: number,
  unitNumber: string,
  status: string,
  allowedActions: ReturnType<typeof bookingWithDocuments>['allowedActions']
) => bookingWithDocuments({ id, _id: id, unitNumber, status, allowedActions })
/** Waiting for the super admin, yet the API allows this one nothing: the screen adds no rule of its own. */
const waitingButLocked = booking(51, 'AIH-B51', 'pending_admin', [])
const booked = {
  ...booking(52, 'AIH-B52', 'approved', ['sold', 'reject']),
  priceSen: 50_000_000,
  discountSen: 6_000_050,
  netPriceSen: 43_999_950,
}
const rejected = booking(53, 'AIH-B53', 'rejected', [])

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/bookings/admin')
      return json([waitingButLocked, booked, rejected], { 'Content-Range': 'bookings 0-2/3' })
    const one = [waitingButLocked, booked, rejected].find((candidate) => path === `/api/bookings/${candidate.id}`)
    return one ? json(one) : new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({
          endpoints: { 'admin/bookings': { list: 'bookings/admin', record: 'bookings' } },
        })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <BookingApprovalList />
      </AdminContext>
    </MemoryRouter>
  )

const rowOf = async (unit: string) =>
  (await screen.findAllByRole('row')).find((row) => row.textContent?.includes(unit))!

describe('Booking Approvals', () => {
  it('offers Process only on the bookings whose allowedActions hold a decision of the super admin', async () => {
    renderList()
    expect(within(await rowOf('AIH-B52')).getByRole('button', { name: 'Process' })).toBeTruthy()
    expect(within(await rowOf('AIH-B51')).queryByRole('button', { name: 'Process' })).toBeNull()
    expect(within(await rowOf('AIH-B53')).queryByRole('button', { name: 'Process' })).toBeNull()
    for (const unit of ['AIH-B51', 'AIH-B52', 'AIH-B53'])
      expect(within(await rowOf(unit)).getByRole('button', { name: 'View Details' })).toBeTruthy()
  })

  it('goes from View Details to Process only where allowed', async () => {
    renderList()
    fireEvent.click(within(await rowOf('AIH-B51')).getByRole('button', { name: 'View Details' }))
    let details = await screen.findByRole('dialog', { name: /Booking Request Details · 51/ })
    await within(details).findByRole('region', { name: 'Status History' })
    expect(within(details).queryByRole('button', { name: 'Process' })).toBeNull()
    expect(within(details).getByText('This booking cannot be processed: Pending Your Approval.')).toBeTruthy()
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }))

    fireEvent.click(within(await rowOf('AIH-B52')).getByRole('button', { name: 'View Details' }))
    details = await screen.findByRole('dialog', { name: /Booking Request Details · 52/ })
    expect(within(details).queryByText(/cannot be processed/)).toBeNull()
    fireEvent.click(await within(details).findByRole('button', { name: 'Process' }))
    const process = await screen.findByRole('dialog', { name: 'Process Booking Request' })
    expect(within(process).queryByRole('radio', { name: /Booked/ })).toBeNull()
    expect(within(process).getByRole('radio', { name: /Sold/ })).toBeTruthy()
  })

  it("shows each booking's price under its unit: the net price and the discount, else the price alone", async () => {
    renderList()
    expect(within(await rowOf('AIH-B52')).getByText('RM 439,999.50 (RM 60,000.50 off)')).toBeTruthy()
    expect(within(await rowOf('AIH-B51')).getByText('RM 468,000')).toBeTruthy()
  })
})
