import { render, screen } from '@testing-library/react'
import { AdminContext, memoryStore, testDataProvider, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import AgentBookingRequestList from './AgentBookingRequestList'

const authProvider: AuthProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => 'agent_admin',
  getIdentity: async () => ({ id: 7, fullName: 'Aisha Rahman', role: 'agent_admin', agencyId: 3 }),
}

describe('the agent booking requests page, live', () => {
  it("listens to the agent admin's own agency's booking channel", async () => {
    const client = new FakeLiveClient()
    render(
      <MemoryRouter>
        <LiveClientContext.Provider value={client}>
          <AdminContext
            dataProvider={testDataProvider({ getList: vi.fn(async () => ({ data: [], total: 0 })) })}
            authProvider={authProvider}
            store={memoryStore()}
          >
            <AgentBookingRequestList />
          </AdminContext>
        </LiveClientContext.Provider>
      </MemoryRouter>
    )
    await screen.findByText('No booking requests found.')
    await vi.waitFor(() => expect(client.listening).toEqual(['agencies/3/bookings']))
  })
})
