import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../providers/dataProvider'
import CreateBookingPage from './CreateBookingPage'

const fetchMock = vi.fn<typeof fetch>()

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

const AISYAH = { id: 7, _id: 7, name: 'Nur Aisyah', email: 'aisyah@example.my', phone: null }

/** The backend: the client list (searched by `q`), one client by id, and the developments. */
function backend({ lookup = json(AISYAH) }: { lookup?: Response } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://backoffice.test')
    if (url.pathname === '/api/users') {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string }
      const rows = filter.q ? [{ id: 9, _id: 9, name: 'Farah Aziz', email: 'farah@example.my', phone: null }] : []
      return json(rows, 200, { 'Content-Range': `users 0-${Math.max(rows.length - 1, 0)}/${rows.length}` })
    }
    if (url.pathname === '/api/users/7') return lookup.clone()
    return json([])
  })
}

const signedInAsAgent: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'agent_admin',
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={signedInAsAgent}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <CreateBookingPage />
      </AdminContext>
    </MemoryRouter>
  )

/** The user-related requests made, as path and filter. */
const userRequests = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://backoffice.test'))
    .filter((url) => url.pathname.startsWith('/api/users'))
    .map((url) => ({
      path: url.pathname,
      filter: url.searchParams.get('filter'),
      range: url.searchParams.get('range'),
    }))

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('Create Booking Request: the user', () => {
  it('searches the clients on the server as the agent types', async () => {
    backend()
    renderAt('/bookings/create')
    const user = screen.getByRole('combobox', { name: /User/ })

    act(() => user.focus())
    fireEvent.change(user, { target: { value: 'farah' } })

    await waitFor(() =>
      expect(userRequests()).toContainEqual({
        path: '/api/users',
        filter: '{"role":"user","q":"farah"}',
        range: '[0,49]',
      })
    )
    expect(await screen.findByRole('option', { name: 'Farah Aziz (farah@example.my)' })).toBeTruthy()
    // One page of the server's answer, never the whole list read page by page.
    expect(userRequests().every((request) => request.range === '[0,49]')).toBe(true)
  })

  it('preselects ?userId= with one lookup of that user', async () => {
    backend()
    renderAt('/bookings/create?userId=7')

    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /User/ }) as HTMLInputElement).value).toBe(
        'Nur Aisyah (aisyah@example.my)'
      )
    )
    expect(userRequests().filter((request) => request.path === '/api/users/7')).toHaveLength(1)
    expect(userRequests().filter((request) => request.path === '/api/users')).toEqual([
      { path: '/api/users', filter: '{"role":"user"}', range: '[0,49]' },
    ])
  })

  it("shows the backend's reason when the linked user is not the agent's to book for", async () => {
    const reason =
      "This user belongs to another agency. You can act only for your own agency's members or users without an agency."
    backend({ lookup: json({ message: reason }, 403) })
    renderAt('/bookings/create?userId=7')

    expect(await screen.findByText(reason)).toBeTruthy()
    expect((screen.getByRole('combobox', { name: /User/ }) as HTMLInputElement).value).toBe('')
    expect(userRequests().filter((request) => request.path === '/api/users/7')).toHaveLength(1)
  })
})
