import { render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore, ResourceContextProvider } from 'react-admin'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import type { AuditEntry } from '../types'
import AuditEntryShow from './AuditEntryShow'

const fetchMock = vi.fn<typeof fetch>()

const entries: Record<string, AuditEntry> = {
  '7': {
    id: 7,
    _id: 7,
    createdAt: '2025-03-04T02:15:00.000Z',
    actorId: 3,
    actorName: 'Farid Hassan',
    actorEmail: 'farid@agency.my',
    actorRole: 'agent_admin',
    action: 'booking.approve',
    subjectType: 'booking',
    subjectId: 52,
    subjectLabel: 'Booking #52, MKS-18 (lot 18)',
    before: { status: 'pending_agent', notes: null },
    after: { status: 'pending_admin', notes: 'Booking request approved by agent' },
    ip: '203.0.113.7',
  },
  '8': {
    id: 8,
    _id: 8,
    createdAt: '2025-03-05T02:15:00.000Z',
    actorId: 1,
    actorName: 'Siti Admin',
    actorEmail: 'siti@aero-demo.my',
    actorRole: 'super_admin',
    action: 'agency.created',
    subjectType: 'agency',
    subjectId: 4,
    subjectLabel: 'Kampar Homes',
    before: null,
    after: { name: 'Kampar Homes', isActive: true },
    ip: null,
  },
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const id = new URL(String(input), 'http://backoffice.test').pathname.split('/').at(-1)!
    const entry = entries[id]
    return entry
      ? new Response(JSON.stringify(entry), { headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ message: 'Audit entry not found' }), { status: 404 })
  })
})

const renderShow = (id: number) =>
  render(
    <MemoryRouter initialEntries={[`/admin/audit-entries/${id}/show`]}>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { 'admin/audit-entries': { list: 'audit-entries' } } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <ResourceContextProvider value="admin/audit-entries">
          <Routes>
            <Route path="/admin/audit-entries/:id/show" element={<AuditEntryShow />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  )

describe('An audit entry', () => {
  it('says who did what to which subject, when, from where, with each changed field before and after', async () => {
    renderShow(7)

    expect(await screen.findByRole('heading', { name: 'Booking approved by agent' })).toBeTruthy()
    expect(screen.getByText('Subject: Booking: Booking #52, MKS-18 (lot 18)')).toBeTruthy()
    expect(screen.getByText('By: Farid Hassan (farid@agency.my), Agent Admin')).toBeTruthy()
    expect(screen.getByText('IP address: 203.0.113.7')).toBeTruthy()
    expect(fetchMock.mock.calls[0][0]).toBe('/api/audit-entries/7')

    const table = screen.getByRole('table', { name: 'Changed fields' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['Status', 'pending_agent', 'pending_admin'],
      ['Notes', '—', 'Booking request approved by agent'],
    ])
  })

  it('shows a creation with its values only, and reads as cards on a phone', async () => {
    onPhone()
    renderShow(8)

    expect(await screen.findByText('Created with these values')).toBeTruthy()
    expect(screen.getByText('IP address: N/A')).toBeTruthy()
    const cards = within(screen.getByRole('list', { name: 'Changed fields' })).getAllByRole('listitem')
    expect(cards.map((card) => card.textContent)).toEqual(['NameAfter: Kampar Homes', 'Is activeAfter: Yes'])
    expect(screen.queryByText(/Before:/)).toBeNull()
  })
})
