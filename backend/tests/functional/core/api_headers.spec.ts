import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiResponse } from '@japa/api-client'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

/** The public lot reads' own header (#inventory/public_reads `markShareable`). */
const SHAREABLE = 'public, max-age=0, s-maxage=5'
const NOT_STORED = 'private, no-store'

function assertHeaders(
  assert: { equal: (actual: unknown, expected: unknown, message?: string) => void },
  response: ApiResponse,
  cacheControl: string,
  label: string
) {
  assert.equal(response.header('x-content-type-options'), 'nosniff', `${label}: nosniff`)
  assert.equal(response.header('cache-control'), cacheControl, `${label}: Cache-Control`)
}

test.group('Core | every API answer: nosniff and a Cache-Control fit for it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the public lot reads (no session middleware) keep their shareable header and get nosniff', async ({
    client,
    assert,
  }) => {
    const development = await createDevelopment({ slug: 'aeroindustrial' })
    const lot = await createLot(development, { typeCode: 'A', type: 'CORNER (A)' })
    for (const path of [
      '/api/lots/public',
      '/api/properties/aeroindustrial/lots/A',
      '/api/properties',
      '/api/properties/aeroindustrial',
      `/api/lots/${lot.id}`,
    ]) {
      const response = await client.get(path)
      response.assertStatus(200)
      assertHeaders(assert, response, SHAREABLE, path)
    }
  })

  test('public reads that fail, and other public answers, are never stored', async ({ client, assert }) => {
    const checks: Array<[string, number]> = [
      ['/api/lots/999999999', 404],
      ['/api/properties/no-such-development/lots/A', 404],
      ['/api/agent-properties/999999999/public', 404],
      ['/api/no/such/route', 404],
      ['/api/health/live', 200],
      ['/api/users/me', 401],
    ]
    for (const [path, status] of checks) {
      const response = await client.get(path)
      response.assertStatus(status)
      assertHeaders(assert, response, NOT_STORED, path)
    }
  })

  test("a signed-in user's answers and refusals are private and never stored", async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const me = await client.get('/api/users/me').bearerToken(token)
    me.assertStatus(200)
    assertHeaders(assert, me, NOT_STORED, 'GET /api/users/me')

    const forbidden = await client.get('/api/contact-messages').bearerToken(token)
    forbidden.assertStatus(403)
    assertHeaders(assert, forbidden, NOT_STORED, 'GET /api/contact-messages as a user')

    const invalid = await client.post('/api/auth/login').json({ email: 'not-an-email', password: '' })
    invalid.assertStatus(422)
    assertHeaders(assert, invalid, NOT_STORED, 'POST /api/auth/login, invalid')
  })
})
