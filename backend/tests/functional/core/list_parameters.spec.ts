import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

/**
 * The ra-data-simple-rest parameters exactly as clients send them: curl and hand-written
 * URLs leave commas and brackets literal, fetch and ra-data-simple-rest percent-encode them.
 * The request line goes out byte for byte (node:http, no URL normalisation on the way).
 */
function rawGet(path: string, token: string): Promise<{ status: number; body: any; contentRange?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: env.get('HOST'),
        port: env.get('PORT'),
        path,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text),
            contentRange: res.headers['content-range'] as string | undefined,
          })
        )
      }
    )
    req.on('error', reject)
    req.end()
  })
}

const encoded = (value: string) => encodeURIComponent(value)

/** One list endpoint per module, each with a sortable field and a filter it understands. */
const LISTS = [
  { module: 'inventory', path: '/api/lots', sort: '["unitNumber","DESC"]', filter: '{"status":"available,reserved"}' },
  { module: 'identity', path: '/api/users', sort: '["name","ASC"]', filter: '{"role":"user"}' },
  { module: 'agencies', path: '/api/agencies', sort: '["name","DESC"]', filter: '{"isActive":true}' },
  { module: 'bookings', path: '/api/bookings/admin', sort: '["createdAt","DESC"]', filter: '{"status":"all"}' },
  { module: 'contact', path: '/api/contact-messages', sort: '["createdAt","ASC"]', filter: '{"status":"new"}' },
] as const

/** Every list in the ra-data-simple-rest dialect. */
const ALL_LISTS = [
  '/api/users',
  '/api/bookings',
  '/api/bookings/admin',
  '/api/bookings/agent',
  '/api/lots',
  '/api/agencies',
  '/api/contact-messages',
]

test.group('Lists | sort, range and filter as clients send them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function superAdminWorld(client: Parameters<typeof bearerFor>[0]) {
    const admin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    for (const unitNumber of ['MKS-01', 'MKS-02', 'MKS-03'])
      await createLot(development, { unitNumber, status: 'available' })
    return bearerFor(client, admin)
  }

  for (const list of LISTS) {
    test('{module}: literal and percent-encoded spellings answer the same')
      .with([list])
      .run(async ({ client, assert }, row) => {
        const token = await superAdminWorld(client)
        const literal = await rawGet(`${row.path}?sort=${row.sort}&range=[0,1]&filter=${row.filter}`, token)
        const percent = await rawGet(
          `${row.path}?sort=${encoded(row.sort)}&range=${encoded('[0,1]')}&filter=${encoded(row.filter)}`,
          token
        )
        assert.equal(literal.status, 200, JSON.stringify(literal.body))
        assert.equal(percent.status, 200, JSON.stringify(percent.body))
        assert.deepEqual(literal.body, percent.body)
        assert.equal(literal.contentRange, percent.contentRange)
        assert.match(literal.contentRange ?? '', /^\S+ 0-\d+\/\d+$/)
      })
  }

  test('range [0,999] with a literal comma pages instead of answering 422', async ({ client, assert }) => {
    const token = await superAdminWorld(client)
    const response = await rawGet('/api/lots?range=[0,999]', token)
    assert.equal(response.status, 200, JSON.stringify(response.body))
    assert.equal(response.contentRange, 'lots 0-2/3')
    assert.lengthOf(response.body, 3)
  })

  test('each parameter is honoured in both spellings: sort order, range window, filter', async ({ client, assert }) => {
    const token = await superAdminWorld(client)
    for (const spell of [(value: string) => value, encoded]) {
      const sorted = await rawGet(`/api/lots?sort=${spell('["unitNumber","DESC"]')}`, token)
      assert.deepEqual(
        sorted.body.map((lot: { unitNumber: string }) => lot.unitNumber),
        ['MKS-03', 'MKS-02', 'MKS-01']
      )
      const windowed = await rawGet(`/api/lots?sort=${spell('["unitNumber","ASC"]')}&range=${spell('[1,1]')}`, token)
      assert.deepEqual(
        windowed.body.map((lot: { unitNumber: string }) => lot.unitNumber),
        ['MKS-02']
      )
      assert.equal(windowed.contentRange, 'lots 1-1/3')
      const filtered = await rawGet(`/api/lots?filter=${spell('{"q":"MKS-03"}')}`, token)
      assert.deepEqual(
        filtered.body.map((lot: { unitNumber: string }) => lot.unitNumber),
        ['MKS-03']
      )
    }
  })
})

test.group('Lists | malformed parameters are a 422 naming the field', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const MALFORMED: Array<[string, string]> = [
    ['range=[1e20,100000000000000000005]', 'range'],
    ['range={"a":1}', 'range'],
    ['range=[0]', 'range'],
    ['range=[-1,5]', 'range'],
    ['range=[5,1]', 'range'],
    ['range=[0.5,3]', 'range'],
    ['range=["0","9"]', 'range'],
    ['range=[2000000,2000010]', 'range'],
    ['range=nope', 'range'],
    ['sort={"x":1}', 'sort'],
    ['sort=["createdAt","SIDEWAYS"]', 'sort'],
    ['sort=["constructor","ASC"]', 'sort'],
    ['sort=[1,"ASC"]', 'sort'],
    ['sort="id"', 'sort'],
    ['filter=[1,2]', 'filter'],
    ['filter=null', 'filter'],
    ['filter={', 'filter'],
  ]

  test('{0} on every list', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin' })
    const agency = await createAgency()
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const adminToken = await bearerFor(client, admin)
    const agentToken = await bearerFor(client, agent)

    for (const [query, field] of MALFORMED) {
      for (const path of ALL_LISTS) {
        const token = path === '/api/bookings/agent' ? agentToken : adminToken
        const response = await rawGet(`${path}?${query}`, token)
        assert.equal(
          response.status,
          422,
          `${path}?${query} answered ${response.status} ${JSON.stringify(response.body)}`
        )
        assert.equal(response.body.errors?.[0]?.field, field, `${path}?${query}`)
        assert.isString(response.body.message)
      }
    }
  })

  test('filter ids are bounded whole numbers: no NaN or injection reaches SQL', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin' })
    const token = await bearerFor(client, admin)
    const cases: Array<[string, string]> = [
      ['/api/bookings', 'agencyId'],
      ['/api/bookings/admin', 'agencyId'],
      ['/api/users', 'agencyId'],
      ['/api/lots', 'propertyId'],
    ]
    for (const [path, key] of cases) {
      for (const value of [
        '"1 OR 1=1"',
        '"abc"',
        '-3',
        '0',
        '1.5',
        '99999999999',
        '"99999999999999999999"',
        'true',
        '[1]',
      ]) {
        const response = await rawGet(`${path}?filter=${encoded(`{"${key}":${value}}`)}`, token)
        assert.equal(response.status, 422, `${path} ${key}=${value} answered ${response.status}`)
        assert.equal(response.body.errors?.[0]?.field, `filter.${key}`)
      }
      const fine = await rawGet(`${path}?filter=${encoded(`{"${key}":"7"}`)}`, token)
      assert.equal(fine.status, 200, `${path} ${key}="7" answered ${fine.status}`)
    }
  })
})
