import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import type { AuditEntry } from '../types'
import AuditEntryList from './AuditEntryList'

const fetchMock = vi.fn<typeof fetch>()

const priceChange: AuditEntry = {
  id: 41,
  _id: 41,
  createdAt: '2025-03-04T02:15:00.000Z',
  actorId: 1,
  actorName: 'Siti Admin',
  actorEmail: 'siti@aero-demo.my',
  actorRole: 'super_admin',
  action: 'lot.updated',
  subjectType: 'lot',
  subjectId: 5,
  subjectLabel: 'MKS-05 (lot 5)',
  before: { price: 450000, status: 'available' },
  after: { price: 460000, status: 'locked' },
  ip: '203.0.113.7',
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/audit-entries') return json([priceChange], { 'Content-Range': 'audit-entries 0-0/1' })
    if (path === '/api/audit-entries/export.csv') {
      return new Response('Date (UTC),Actor\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

const renderList = (initialEntry = '/') =>
  render(
    <MemoryRouter initialEntries={[initialEntry]}>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/audit-entries': { list: 'audit-entries' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <AuditEntryList />
      </AdminContext>
    </MemoryRouter>
  )

/** The list's requests to the backend, as their `filter` and `sort` parameters. */
const listRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://backoffice.test'))
    .filter((url) => url.pathname === '/api/audit-entries')

describe('Audit Trail', () => {
  it('lists entries newest first with who, what, which subject, what changed and from where', async () => {
    renderList()

    const table = await screen.findByRole('table')
    const row = within(table).getAllByRole('row')[1]
    expect(within(row).getByText('Lot edited')).toBeTruthy()
    expect(within(row).getByText('Siti Admin (Super Admin)')).toBeTruthy()
    expect(within(row).getByText('Lot: MKS-05 (lot 5)')).toBeTruthy()
    expect(within(row).getByText('Price, Status')).toBeTruthy()
    expect(within(row).getByText('203.0.113.7')).toBeTruthy()
    expect(within(row).getByText('Mar 04, 2025, 10:15 AM MYT')).toBeTruthy()
    expect(listRequests()[0].searchParams.get('sort')).toBe('["createdAt","DESC"]')
  })

  it('filters by search, actor, action, subject and dates, sent to the backend', async () => {
    renderList()

    await screen.findByRole('table')
    expect(screen.getByPlaceholderText('Search actor or subject')).toBeTruthy()
    expect(screen.getByLabelText('Actor')).toBeTruthy()
    expect(screen.getByLabelText('Action')).toBeTruthy()
    expect(screen.getByLabelText('Subject')).toBeTruthy()
    expect(screen.getByLabelText('From')).toBeTruthy()
    expect(screen.getByLabelText('To')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'siti' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } })
    await waitFor(() =>
      expect(JSON.parse(listRequests().at(-1)!.searchParams.get('filter')!)).toEqual({
        actor: 'siti',
        from: '2025-03-01',
      })
    )
  })

  it('exports the CSV of the backend with the filters on screen', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const filter = encodeURIComponent(JSON.stringify({ subjectType: 'lot' }))
    renderList(`/?filter=${filter}`)

    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    const exportCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://backoffice.test'))
      .find((url) => url.pathname === '/api/audit-entries/export.csv')
    expect(JSON.parse(exportCall!.searchParams.get('filter')!)).toEqual({ subjectType: 'lot' })
  })

  it('is a card per entry on a phone, the search on screen and the other filters behind Add filter', async () => {
    onPhone()
    renderList()

    const card = within(await screen.findByRole('list', { name: 'Audit entries' })).getByRole('listitem')
    expect(within(card).getByText('Lot edited')).toBeTruthy()
    expect(within(card).getByText('Lot: MKS-05 (lot 5)')).toBeTruthy()
    expect(within(card).getByText('Changed: Price, Status')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Details' }).getAttribute('href')).toContain('41/show')
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByPlaceholderText('Search actor or subject')).toBeTruthy()
    expect(screen.queryByLabelText('Action')).toBeNull()
    expect(screen.getByRole('button', { name: 'Add filter' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
  })
})
