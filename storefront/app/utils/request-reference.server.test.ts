// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { ApiError, apiRequest } from '~/utils/api.server'
import { requirePageData } from '~/utils/cache-control.server'

const PAGE_ID = '0123456789abcdef0123456789abcdef'
const BACKEND_REFERENCE = 'fedcba9876543210fedcba9876543210'

let backend: FakeBackend

beforeAll(async () => {
  backend = await startFakeBackend()
  vi.stubEnv('BACKEND_URL', backend.url)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})
beforeEach(() => {
  backend.requests.length = 0
  backend.routes.clear()
  vi.restoreAllMocks()
})

/** A page's request as the gateway hands it to Remix: its id already given (server/request-id.ts). */
const pageRequest = () => new Request('http://localhost:3000/lots', { headers: { 'X-Request-Id': PAGE_ID } })

async function failureOf(read: Promise<unknown>): Promise<ApiError> {
  const error = await read.then(
    () => null,
    (failure: unknown) => failure
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe("a page's API calls and its request id", () => {
  it("send the page's id, so the backend logs them under it", async () => {
    backend.routes.set('GET /api/lots/public', () => ({ body: [] }))
    await apiRequest(pageRequest(), '/api/lots/public')
    expect(backend.requests[0].headers['x-request-id']).toBe(PAGE_ID)
  })

  it("keep a server fault's reference, else the id sent; a refusal has none", async () => {
    backend.routes.set('GET /api/a', () => ({ status: 500, body: { message: 'x', reference: BACKEND_REFERENCE } }))
    backend.routes.set('GET /api/b', () => ({ status: 502, body: 'Bad gateway' }))
    backend.routes.set('GET /api/c', () => ({ status: 404, body: { message: 'Not found' } }))
    expect((await failureOf(apiRequest(pageRequest(), '/api/a'))).reference).toBe(BACKEND_REFERENCE)
    expect((await failureOf(apiRequest(pageRequest(), '/api/b'))).reference).toBe(PAGE_ID)
    expect((await failureOf(apiRequest(pageRequest(), '/api/c'))).reference).toBeNull()
  })

  it('name the page that could not load its data by its reference, in the 503 and the log line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/lots/public', () => ({ status: 503, body: { message: 'x', reference: PAGE_ID } }))
    const thrown = await requirePageData(apiRequest(pageRequest(), '/api/lots/public'), 'Failed to load lots').then(
      () => null,
      (failure: unknown) => failure as { init: ResponseInit | null; data: unknown }
    )
    expect(thrown?.init?.status).toBe(503)
    expect(thrown?.data).toEqual({ message: 'Failed to load lots', reference: PAGE_ID })
    expect(String(logged.mock.calls[0][0])).toContain(`request_id ${PAGE_ID}`)
  })
})
