// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { landingFacts } from '~/components/public/landing/landing-page'
import { loadLandingFigures } from '~/components/public/landing/landing.server'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'

const agency = (id: number) => ({ id, _id: id, name: `Agency ${id}` })

describe('the landing page figures', () => {
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

  it('come from the hub development and the agencies taking clients, so a new lot or agency counts', async () => {
    backend.routes.set('GET /api/properties/aeroindustrial', () => ({
      body: { id: 1, slug: 'aeroindustrial', name: 'Aero Industrial Hub', phase: 5, launchYear: 2026, totalUnits: 31 },
    }))
    backend.routes.set('GET /api/agencies/public', () => ({
      body: [agency(1), agency(2), agency(3), agency(4), agency(5), agency(6)],
    }))
    const figures = await loadLandingFigures(new Request('http://localhost:3000/'))
    expect(figures).toEqual({ totalUnits: 31, phase: 5, launchYear: 2026, partnerAgencies: 6 })
    expect(landingFacts(figures)).toEqual([
      ['Total units', '31'],
      ['Phase', '5'],
      ['Launched', '2026'],
      ['Partner agencies', '6'],
    ])
  })

  it('leave out what cannot be read instead of showing invented figures', async () => {
    backend.routes.set('GET /api/properties/aeroindustrial', () => ({ status: 500, body: { message: 'Server error' } }))
    backend.routes.set('GET /api/agencies/public', () => ({ body: [agency(1), agency(2)] }))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const figures = await loadLandingFigures(new Request('http://localhost:3000/'))
    expect(figures).toEqual({ totalUnits: null, phase: null, launchYear: null, partnerAgencies: 2 })
    expect(landingFacts(figures)).toEqual([['Partner agencies', '2']])
    expect(errors).toHaveBeenCalled()
  })
})
