import { render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import { bookingWithDocuments } from '../shared/bookingFixture'
import AllBookingList from './AllBookingList'

const fetchMock = vi.fn<typeof fetch>()
const booked = bookingWithDocuments({ id: 61, _id: 61, status: 'approved', allowedActions: ['sold', 'reject'] })

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/bookings/admin') return json([booked], { 'Content-Range': 'bookings 0-0/1' })
    if (path === '/api/agencies') return json([{ id: 1, name: 'Nilai Realty' }], { 'Content-Range': 'agencies 0-0/1' })
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

const renderList = () =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({
          endpoints: {
            'admin/all-bookings': { list: 'bookings/admin', record: 'bookings' },
            'admin/agencies': { list: 'agencies' },
          },
        })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <AllBookingList />
      </AdminContext>
    </MemoryRouter>
  )

describe('All Bookings', () => {
  it('shows its search, status and agency filters, and a table, from the sm breakpoint up', async () => {
    renderList()

    await screen.findByRole('table')
    expect(screen.getByPlaceholderText('Search client, email or unit')).toBeTruthy()
    expect(screen.getByLabelText('Status')).toBeTruthy()
    expect(screen.getByLabelText('Agency')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add filter' })).toBeNull()
  })

  it('keeps only the search on a phone, the other filters behind Add filter, and a card per booking', async () => {
    onPhone()
    renderList()

    const card = within(await screen.findByRole('list', { name: 'Bookings' })).getByRole('listitem')
    expect(within(card).getByText('AIH-B12')).toBeTruthy()
    expect(within(card).getByText('Booked')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Process' })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByPlaceholderText('Search client, email or unit')).toBeTruthy()
    expect(screen.queryByLabelText('Status')).toBeNull()
    expect(screen.queryByLabelText('Agency')).toBeNull()
    expect(screen.getByRole('button', { name: 'Add filter' })).toBeTruthy()
  })
})
