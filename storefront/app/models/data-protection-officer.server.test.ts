// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { getDataProtectionOfficer } from '~/models/data-protection-officer.server'
import { getPrivacyNotice } from '~/models/privacy-notice.server'
import { loader as policiesLoader } from '~/routes/policies'

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
})

const officer = { name: 'Puan Aishah Rahman', email: 'dpo@aero-demo.my', phone: '+60 3 7890 1234' }
const page = () => new Request('http://localhost:3000/policies')

describe("the Data Protection Officer's contact", () => {
  it('reads the public contact once a super admin has set it', async () => {
    backend.routes.set('GET /api/data-protection-officer', () => ({ body: { id: 1, appointed: true, ...officer } }))
    expect(await getDataProtectionOfficer(page())).toEqual(officer)
    expect(backend.requests[0]).toMatchObject({ method: 'GET', path: '/api/data-protection-officer' })
  })

  it('is null while none is set, and when the backend cannot answer', async () => {
    backend.routes.set('GET /api/data-protection-officer', () => ({
      body: { id: 1, appointed: false, name: null, email: null, phone: null },
    }))
    expect(await getDataProtectionOfficer(page())).toBeNull()
    backend.routes.set('GET /api/data-protection-officer', () => ({ status: 503, body: { message: 'Down' } }))
    expect(await getDataProtectionOfficer(page())).toBeNull()
  })

  it('comes with the privacy notice the booking forms show, and on the Policies page', async () => {
    backend.routes.set('GET /api/data-protection-officer', () => ({ body: { id: 1, appointed: true, ...officer } }))
    backend.routes.set('GET /api/privacy-notice', () => ({ body: { id: 1, version: 2, body: 'We use your IC.' } }))
    expect(await getPrivacyNotice(page())).toEqual({ version: 2, body: 'We use your IC.', officer })
    const data = await policiesLoader({ request: page(), params: {}, context: {} })
    expect(data.officer).toEqual(officer)
  })
})
