import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { Role } from '../../../roles'
import MembershipRequestList from './MembershipRequestList'
import type { MembershipRequest, MembershipRequestStatus } from './types'

const fetchMock = vi.fn<typeof fetch>()

const request = (
  id: number,
  name: string,
  status: MembershipRequestStatus,
  agencyName = 'Nilai Realty'
): MembershipRequest => ({
  id,
  _id: id,
  userId: 100 + id,
  name,
  email: `${name.toLowerCase()}@example.my`,
  phone: null,
  agencyId: 1,
  agencyName,
  position: 'Member',
  status,
  message: null,
  agencyRequestMessage: null,
  createdAt: '2024-05-01T09:00:00.000Z',
  agencyRequestDate: '2024-05-01T09:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2024-05-02T09:00:00.000Z',
  decisionNotes: null,
  user: null,
})

const REQUESTS = [
  request(1, 'Pat', 'pending'),
  request(2, 'Amy', 'approved'),
  request(3, 'Rex', 'rejected', 'Kampar Homes'),
]

/** GET /api/users/agency-requests answers by its status filter, as the backend does. */
function backendAnswers() {
  fetchMock.mockImplementation(async (input) => {
    const status = new URL(String(input), 'http://backoffice.test').searchParams.get('status')
    const rows = status === 'all' ? REQUESTS : REQUESTS.filter((row) => row.status === status)
    return new Response(JSON.stringify(rows), { headers: { 'Content-Type': 'application/json' } })
  })
}

const signedInAs = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
})

const renderPage = (role: Role) =>
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={signedInAs(role)}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <MembershipRequestList />
      </AdminContext>
    </MemoryRouter>
  )

const statusesAsked = () =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://backoffice.test').searchParams.get('status'))

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  backendAnswers()
})

describe('Agency Membership Requests', () => {
  it('opens on All Requests: pending, approved and rejected requests with their status', async () => {
    renderPage('agent_admin')

    const table = await screen.findByRole('table', { name: 'Membership requests' })
    expect(screen.getByRole('tab', { name: 'All Requests' }).getAttribute('aria-selected')).toBe('true')
    expect(statusesAsked()).toEqual(['all'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'PatMember',
      'AmyMember',
      'RexMember',
    ])
    expect(within(rows[1]!).getByText('Approved')).toBeTruthy()
    expect(within(rows[2]!).getByText('Rejected')).toBeTruthy()
    // Only a pending request can still be decided.
    expect(within(rows[0]!).getByRole('button', { name: 'Approve' })).toBeTruthy()
    expect(within(rows[1]!).queryByRole('button', { name: 'Approve' })).toBeNull()
    // The agent admin's own agency is implied: no Agency column.
    expect(within(table).queryByRole('columnheader', { name: 'Agency' })).toBeNull()
  })

  it('narrows to one status with its tab', async () => {
    renderPage('agent_admin')
    await screen.findByText('Amy')

    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }))

    await screen.findByRole('tab', { name: 'Pending', selected: true })
    expect(await screen.findByText('Pat')).toBeTruthy()
    expect(screen.queryByText('Amy')).toBeNull()
    expect(statusesAsked()).toEqual(['all', 'pending'])
  })

  it("shows a super admin every agency's requests, with an Agency column", async () => {
    renderPage('super_admin')

    const table = await screen.findByRole('table', { name: 'Membership requests' })
    expect(within(table).getByRole('columnheader', { name: 'Agency' })).toBeTruthy()
    const rex = within(table).getByRole('row', { name: /Rex/ })
    expect(within(rex).getByText('Kampar Homes')).toBeTruthy()
  })
})
