import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from 'react-admin'
import { plugins } from './plugins'
import { createDataProvider } from './dataProvider'
import { createRestProvider } from './providers/restProvider'

const fetchMock = vi.fn<typeof fetch>()

const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** The one request the provider made: method, path with query, headers and body. */
const sent = () => {
  expect(fetchMock).toHaveBeenCalledOnce()
  const [input, init] = fetchMock.mock.calls[0] ?? []
  const url = new URL(String(input), 'http://backoffice.test')
  return {
    method: init?.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: new Headers(init?.headers),
    body: init?.body,
  }
}

const provider = () =>
  createDataProvider({
    endpoints: {
      'admin/bookings': { list: 'bookings/admin', record: 'bookings' },
      'admin/users': { list: 'users' },
    },
  })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=csrf%3D1; path=/'
})

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('resources', () => {
  it('lists a resource from its endpoint in the ra-data-simple-rest dialect', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse([{ id: 3, status: 'pending_admin' }], 200, { 'Content-Range': 'bookings 0-0/41' })
    )

    const result = await provider().getList('admin/bookings', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'pending' },
    })

    expect(result).toEqual({ data: [{ id: 3, status: 'pending_admin' }], total: 41 })
    const request = sent()
    expect(request.path).toBe('/api/bookings/admin')
    expect(request.query).toEqual({ filter: '{"status":"pending"}', range: '[25,49]', sort: '["createdAt","DESC"]' })
  })

  it('reads and writes one record at its record endpoint', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 7, status: 'approved' }))
    await provider().getOne('admin/bookings', { id: 7 })
    expect(sent()).toMatchObject({ method: 'GET', path: '/api/bookings/7' })

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse({ id: 3, name: 'Aisyah' }))
    await provider().update('admin/users', { id: 3, data: { name: 'Aisyah' }, previousData: { id: 3 } })
    const update = sent()
    expect(update).toMatchObject({ method: 'PUT', path: '/api/users/3', body: '{"name":"Aisyah"}' })
    expect(update.headers.get('X-XSRF-TOKEN')).toBe('csrf=1')
  })

  it('leaves resources without an endpoint at their own name', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }))
    await provider().getOne('users', { id: 'me' })
    expect(sent().path).toBe('/api/users/me')
  })

  it('gives forms the field errors of a 422 as react-admin reads them', async () => {
    const errors = [
      { field: 'email', message: 'An account with this email already exists.' },
      { field: 'password', message: 'Name, email and password are required fields' },
    ]
    fetchMock.mockResolvedValue(jsonResponse({ message: errors[0].message, errors }, 422))

    const failure = await provider()
      .create('admin/users', { data: { email: 'user@aero-demo.my' } })
      .catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(HttpError)
    expect(failure).toMatchObject({
      status: 422,
      message: 'An account with this email already exists.',
      body: {
        errors: {
          email: 'An account with this email already exists.',
          password: 'Name, email and password are required fields',
        },
        fieldErrors: errors,
      },
    })
  })
})

describe('custom actions', () => {
  it.each([
    ['booked', 'approved'],
    ['sold', 'sold'],
    ['reject', 'rejected'],
  ] as const)('processBooking %s sends status %s with the notes as message', async (decision, status) => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 12, message: 'done' }))
    await expect(provider().processBooking({ id: 12, decision, notes: '  Paid in full  ' })).resolves.toEqual({
      id: 12,
      message: 'done',
    })
    const request = sent()
    expect(request).toMatchObject({ method: 'PUT', path: '/api/bookings/12/status-update' })
    expect(JSON.parse(String(request.body))).toEqual({ status, message: 'Paid in full' })
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('csrf=1')
  })

  it('processBooking without notes sends no message; a refusal keeps the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'This booking is sold and cannot be processed again.' }, 409))
    const failure = await provider()
      .processBooking({ id: 4, decision: 'reject' })
      .catch((error: unknown) => error)
    expect(JSON.parse(String(sent().body))).toEqual({ status: 'rejected', message: null })
    expect(failure).toMatchObject({ status: 409, message: 'This booking is sold and cannot be processed again.' })
  })

  it('assignAgentAdmin and removeAgentAdmin call the agency endpoints', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 9, message: 'Agent admin assigned successfully' }))
    await expect(provider().assignAgentAdmin({ agencyId: 2, userId: '9' })).resolves.toMatchObject({
      message: 'Agent admin assigned successfully',
    })
    const assign = sent()
    expect(assign).toMatchObject({ method: 'POST', path: '/api/agencies/2/agent-admins', body: '{"userId":9}' })
    expect(assign.headers.get('X-XSRF-TOKEN')).toBe('csrf=1')

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse({ id: 9, message: 'Agent admin removed successfully' }))
    await provider().removeAgentAdmin({ agencyId: 2, userId: 9 })
    expect(sent()).toMatchObject({ method: 'DELETE', path: '/api/agencies/2/agent-admins/9' })
  })

  it('importLots posts the file as multipart field `file`', async () => {
    const summary = { rows: 2, create: 2, update: 0, unchanged: 0, error: 0 }
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'Import complete: 2 lots created, 0 updated, 0 unchanged.', summary, rows: [] })
    )
    const file = new File(['lotNumber,type,status\n'], 'lots.csv', { type: 'text/csv' })

    await expect(provider().importLots(file)).resolves.toMatchObject({ summary })

    const request = sent()
    expect(request).toMatchObject({ method: 'POST', path: '/api/lots/import' })
    expect(request.body).toBeInstanceOf(FormData)
    expect((request.body as FormData).get('file')).toBeInstanceOf(File)
    // The browser sets the multipart boundary itself.
    expect(request.headers.has('Content-Type')).toBe(false)
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('csrf=1')
  })

  it('previewLotImport posts the file to the preview, which writes nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ message: '1 row', summary: { rows: 1, create: 0, update: 1, unchanged: 0, error: 0 }, rows: [] })
    )
    await provider().previewLotImport(new File(['x'], 'lots.csv'))
    const request = sent()
    expect(request).toMatchObject({ method: 'POST', path: '/api/lots/import/preview' })
    expect((request.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('exportLots reads the CSV of the list as filtered and sorted', async () => {
    fetchMock.mockResolvedValue(
      new Response('Unit Number,Lot Number\r\nMKS-01,1\r\n', { headers: { 'Content-Type': 'text/csv' } })
    )
    const csv = await provider().exportLots({ filter: { status: 'sold' }, sort: { field: 'lotNumber', order: 'DESC' } })
    expect(csv).toBe('Unit Number,Lot Number\r\nMKS-01,1\r\n')
    expect(sent()).toMatchObject({
      method: 'GET',
      path: '/api/lots/export',
      query: { filter: '{"status":"sold"}', sort: '["lotNumber","DESC"]' },
    })
  })

  it('importLots rejections carry the row report', async () => {
    const rows = [{ row: 3, lotNumber: '41', errors: [{ field: 'type', message: 'Type is required' }] }]
    fetchMock.mockResolvedValue(jsonResponse({ message: 'No lots were imported: 1 row of 2 has errors.', rows }, 422))
    const failure = await provider()
      .importLots(new File(['x'], 'lots.csv'))
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ status: 422, body: { rows } })
  })

  it('reads the dashboard figures, the user statistics and an agency people', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ totalAgencies: 5 }))
    await expect(provider().getAdminDashboard()).resolves.toEqual({ totalAgencies: 5 })
    expect(sent()).toMatchObject({ method: 'GET', path: '/api/dashboard/admin' })

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse({ total: 5, byRole: {} }))
    await provider().getUserStatistics()
    expect(sent().path).toBe('/api/users/stats')

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse([]))
    await provider().getAgencyPeople(4)
    expect(sent().path).toBe('/api/agencies/4/users')
  })
})

describe('composed from the plugins', () => {
  const { resources, api } = createRestProvider({ endpoints: {}, http: vi.fn() })
  const contributed = plugins.map((plugin) => ({
    plugin: plugin.name,
    methods: Object.keys(plugin.dataProvider?.(api) ?? {}),
  }))

  it("has every plugin's methods beside react-admin's CRUD calls", () => {
    const dataProvider = createDataProvider()
    for (const { methods } of contributed) {
      for (const method of methods) expect(dataProvider[method], method).toBeTypeOf('function')
    }
    for (const method of Object.keys(resources)) expect(dataProvider[method], method).toBeTypeOf('function')
    expect(contributed.find(({ plugin }) => plugin === 'bookings')?.methods).toContain('processBooking')
  })

  it('has no method contributed twice, nor one named as a CRUD call', () => {
    const names = [...Object.keys(resources), ...contributed.flatMap(({ methods }) => methods)]
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })
})
