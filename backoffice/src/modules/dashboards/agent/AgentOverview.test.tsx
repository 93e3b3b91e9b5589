import { act, render, screen, within } from '@testing-library/react'
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import AgentOverview from './AgentOverview'
import type { AgentDashboardFigures } from './types'

const authProvider: AuthProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => 'agent_admin',
  getIdentity: async () => ({ id: 7, fullName: 'Aisha Rahman', role: 'agent_admin', agencyId: 3 }),
}

const figures = (pendingBookings: number): AgentDashboardFigures => ({
  agency: {
    id: 3,
    _id: 3,
    name: 'Rahman Realty',
    contactEmail: 'hello@rahman.example',
    phone: 'N/A',
    address: 'N/A',
  },
  agencyMembers: 4,
  pendingBookings,
  membershipRequests: 1,
})

function renderOverview(client: FakeLiveClient, answers: AgentDashboardFigures[]) {
  let call = 0
  const getAgentDashboard = vi.fn(async () => answers[Math.min(call++, answers.length - 1)]!)
  render(
    <MemoryRouter>
      <LiveClientContext.Provider value={client}>
        <AdminContext
          dataProvider={{ ...testDataProvider(), getAgentDashboard } as unknown as DataProvider}
          authProvider={authProvider}
          store={memoryStore()}
        >
          <AgentOverview />
        </AdminContext>
      </LiveClientContext.Provider>
    </MemoryRouter>
  )
  return getAgentDashboard
}

const booking = (bookingId: number, from: string | null, to: string) => ({
  type: 'booking',
  bookingId,
  lotId: 7,
  action: from ? 'approve' : 'create',
  from,
  to,
  at: '2025-03-01T02:05:00.000Z',
})

const count = (label: string) =>
  within(screen.getByRole('heading', { name: label }).closest('a')!).getByText(/^\d+$/).textContent

describe('the agent dashboard overview, live', () => {
  it("reads its counts again, once per burst, when its agency's bookings change", async () => {
    const client = new FakeLiveClient()
    const getAgentDashboard = renderOverview(client, [figures(2), figures(3)])
    await screen.findByText('Rahman Realty')
    expect(count('Pending Bookings')).toBe('2')
    await vi.waitFor(() => expect(client.listening).toEqual(['agencies/3/bookings']))

    act(() => {
      client.push('agencies/3/bookings', booking(41, null, 'pending_agent'))
      client.push('agencies/3/bookings', booking(40, 'pending_agent', 'pending_admin'))
    })
    await vi.waitFor(() => expect(count('Pending Bookings')).toBe('3'))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(getAgentDashboard).toHaveBeenCalledTimes(2)
  })

  it('ignores a message that is no booking change', async () => {
    const client = new FakeLiveClient()
    const getAgentDashboard = renderOverview(client, [figures(2), figures(3)])
    await screen.findByText('Rahman Realty')
    await vi.waitFor(() => expect(client.listening).toEqual(['agencies/3/bookings']))
    act(() => client.push('agencies/3/bookings', { type: 'something-else' }))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(getAgentDashboard).toHaveBeenCalledTimes(1)
    expect(count('Pending Bookings')).toBe('2')
  })
})
