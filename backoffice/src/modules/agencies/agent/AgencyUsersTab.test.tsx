import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { User } from '@aero/shared/user'
import { createDataProvider } from '../../../dataProvider'
import { fakeApi, json } from '../../../test/fakeApi'
import AgencyUsersTab from './AgencyUsersTab'

const person = (id: number, name: string, role: User['role'], bumiputeraStatus: User['bumiputeraStatus']): User => ({
  id,
  _id: id,
  name,
  email: `${name.toLowerCase()}@example.my`,
  phone: null,
  address: null,
  role,
  company: null,
  position: role === 'user' ? 'Member' : 'Agent Admin',
  createdAt: '2026-01-05T09:00:00.000Z',
  agencyId: 4,
  agencyName: 'Nilai Realty',
  agencyStatus: 'approved',
  agencyStatusDate: '2026-01-06T09:00:00.000Z',
  agencyRequestDate: null,
  agencyRequestMessage: null,
  hasPendingAgencyRequest: false,
  canMakeBookings: role !== 'user',
  canRequestBookings: true,
  isAgencyMember: true,
  isAdmin: false,
  bumiputeraStatus,
  bumiputeraKind: bumiputeraStatus === 'none' ? null : 'individual',
  bumiputeraVerifiedBy: null,
  bumiputeraVerifiedByName: null,
  bumiputeraVerifiedAt: null,
})

const ME = person(3, 'Farid', 'agent_admin', 'declared')
const people = () => [
  ME,
  person(11, 'Aisyah', 'user', 'declared'),
  person(12, 'Ben', 'user', 'none'),
  person(13, 'Chong', 'user', 'rejected'),
]
let aisyah: User['bumiputeraStatus'] = 'declared'

const api = fakeApi((path, method, body) => {
  if (path === '/api/users/me') return json(ME)
  if (path === '/api/agencies/4/users') {
    return json(people().map((row) => (row.id === 11 ? { ...row, bumiputeraStatus: aisyah } : row)))
  }
  if (path === '/api/users/11/bumiputera/evidence') {
    return json({
      userId: 11,
      name: 'Aisyah',
      bumiputeraStatus: aisyah,
      bumiputeraKind: 'individual',
      bumiputeraVerifiedBy: null,
      bumiputeraVerifiedByName: null,
      bumiputeraVerifiedAt: null,
      data: [],
    })
  }
  if (path === '/api/users/11/bumiputera' && method === 'PUT') {
    aisyah = (body as { status: 'verified' | 'rejected' }).status
    return json({ message: 'Bumiputera status verified.', userId: 11, bumiputeraStatus: aisyah })
  }
  return undefined
})

function renderTab() {
  aisyah = 'declared'
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <AgencyUsersTab />
      </AdminContext>
    </MemoryRouter>
  )
  return screen.findByRole('table', { name: 'Agency users' })
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === name)!

const bumiputeraCell = (table: HTMLElement, name: string) => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
  return within(rowOf(table, name)).getAllByRole('cell')[headers.indexOf('Bumiputera')]!.textContent
}

describe('Agency Users: Bumiputera status', () => {
  it("shows each person's status in a Bumiputera column, as the Users list words it", async () => {
    const table = await renderTab()
    await within(table).findByText('Aisyah')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
    ).toEqual(['Name', 'Email', 'Phone', 'Role', 'Status', 'Bumiputera', 'Actions'])
    expect(bumiputeraCell(table, 'Farid')).toBe('Awaiting verification')
    expect(bumiputeraCell(table, 'Aisyah')).toBe('Awaiting verification')
    expect(bumiputeraCell(table, 'Ben')).toBe('Not declared')
    expect(bumiputeraCell(table, 'Chong')).toBe('Rejected')
  })

  it('offers the decision on the members, never on the agent admin themselves', async () => {
    const table = await renderTab()
    await within(table).findByText('Aisyah')
    expect(within(rowOf(table, 'Aisyah')).getByRole('button', { name: 'Bumiputera status of Aisyah' })).toBeTruthy()
    expect(within(rowOf(table, 'Ben')).getByRole('button', { name: 'Bumiputera status of Ben' })).toBeTruthy()
    expect(within(rowOf(table, 'Farid')).queryByRole('button', { name: /Bumiputera/ })).toBeNull()
  })

  it("verifies a member's declaration in the Users list's dialog, and the column follows", async () => {
    const table = await renderTab()
    await within(table).findByText('Aisyah')
    fireEvent.click(within(rowOf(table, 'Aisyah')).getByRole('button', { name: 'Bumiputera status of Aisyah' }))

    const dialog = await screen.findByRole('dialog', { name: 'Bumiputera status: Aisyah' })
    expect(await within(dialog).findByText('Status: Awaiting verification')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { path: '/api/users/11/bumiputera', search: '', method: 'PUT', body: { status: 'verified' } },
    ])
    await waitFor(() => expect(bumiputeraCell(table, 'Aisyah')).toBe('Verified'))
  })
})
