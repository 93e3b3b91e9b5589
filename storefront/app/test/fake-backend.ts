import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

export interface FakeAnswer {
  status?: number
  headers?: Record<string, string | string[]>
  /** An object is sent as JSON; a string as is. */
  body?: unknown
}

export type FakeRoute = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>

export interface FakeBackend {
  url: string
  requests: RecordedRequest[]
  /** Answers for `METHOD /path` (query ignored); anything else is 404 JSON. */
  routes: Map<string, FakeRoute>
  close: () => Promise<void>
}

/** A stand-in for the backend on a random local port, recording what it was sent. */
export async function startFakeBackend(): Promise<FakeBackend> {
  const requests: RecordedRequest[] = []
  const routes = new Map<string, FakeRoute>()

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const path = req.url ?? '/'
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    requests.push(recorded)

    const route = routes.get(`${recorded.method} ${path.split('?')[0]}`)
    const answer: FakeAnswer = route ? await route(recorded) : { status: 404, body: { message: 'Not found' } }
    const isText = typeof answer.body === 'string'
    res.writeHead(answer.status ?? 200, {
      'Content-Type': isText ? 'text/plain' : 'application/json',
      ...answer.headers,
    })
    res.end(answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body))
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A user object as the identity API serialises it. */
export function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    _id: 12,
    name: 'Daniel Tan',
    email: 'member@aero-demo.my',
    phone: null,
    address: null,
    role: 'user',
    company: null,
    position: 'Member',
    createdAt: '2024-03-05T14:05:00.000Z',
    agencyId: 4,
    agencyName: 'Nilai Prime Realty',
    agencyStatus: 'approved',
    agencyStatusDate: null,
    agencyRequestDate: null,
    agencyRequestMessage: null,
    hasPendingAgencyRequest: false,
    canMakeBookings: false,
    canRequestBookings: true,
    isAgencyMember: true,
    isAdmin: false,
    ...overrides,
  }
}

/** GET /api/auth/session's answer for a signed-in user: the user and when their sign-in ends. */
export function apiSignedIn(user: Record<string, unknown> = apiUser(), expiresAt = '2099-01-01T00:00:00.000Z') {
  return { user, session: { expiresAt, windowEndsAt: expiresAt } }
}
