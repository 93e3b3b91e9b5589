/**
 * `npm run test:one-process`: the backend inside the gateway's process (API_IN_PROCESS=1,
 * docs/decisions/api-in-process.md), started as `API_IN_PROCESS=1 npm start` starts it, proved
 * through its one origin: pages, a sign-in and the API answered with its cookie and with a bearer
 * token, the shared cache still in front of the public reads, a lot's change heard live, and a
 * clean stop. Needs the storefront build (`npm run build`) and MariaDB (MYSQL_*); database
 * ONE_PROCESS_DB_NAME (aero_one_process), recreated on every run.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { after, before, test } from 'node:test'
import { openerCookie, transmitEventReader } from '../storefront/server/lot-events.ts'
import { signInDemo } from './demo-sign-in.ts'
import { startStack, type Stack } from './stack.ts'

let stack: Stack
let origin: string

before(async () => {
  stack = await startStack({
    database: { client: 'mysql', name: process.env.ONE_PROCESS_DB_NAME ?? 'aero_one_process' },
    gateway: true,
    apiInProcess: true,
  })
  origin = stack.baseURL
})

after(async () => {
  await stack?.stop()
})

const signIn = (email: string) => signInDemo(origin, email)

test('pages and the backoffice come from the same origin', async () => {
  for (const path of ['/', '/aero-industrial-hub', '/backoffice/']) {
    const response = await fetch(`${origin}${path}`)
    assert.equal(response.status, 200, path)
    assert.match(response.headers.get('content-type') ?? '', /text\/html/, path)
  }
})

test('the API answers a sign-in by its cookie and by its bearer token, and nobody without either', async () => {
  const { token, cookie } = await signIn('member@aero-demo.my')
  const byCookie = await fetch(`${origin}/api/users/me`, { headers: { cookie, accept: 'application/json' } })
  assert.equal(byCookie.status, 200)
  assert.equal(((await byCookie.json()) as { email: string }).email, 'member@aero-demo.my')
  assert.equal(byCookie.headers.get('cache-control'), 'private, no-store')

  const byToken = await fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(byToken.status, 200)
  assert.equal(((await byToken.json()) as { email: string }).email, 'member@aero-demo.my')

  const nobody = await fetch(`${origin}/api/users/me`, { headers: { accept: 'application/json' } })
  assert.equal(nobody.status, 401)
  const refused = await fetch(`${origin}/api/users/me`, { headers: { authorization: 'Bearer oat_bm9wZQ.bm9wZQ' } })
  assert.equal(refused.status, 401)
})

test('a malformed request is refused as the backend refuses it: 400 JSON with a message', async () => {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{"email": ',
  })
  assert.equal(response.status, 400)
  assert.ok(((await response.json()) as { message?: string }).message)
})

test('the public lot reads still come from the shared cache after the first', async () => {
  await fetch(`${origin}/api/lots/public`).then((response) => response.arrayBuffer())
  const again = await fetch(`${origin}/api/lots/public`)
  assert.equal(again.status, 200)
  assert.equal(again.headers.get('x-api-cache'), 'hit')
})

test("a lot's change is heard live through the origin within 1 s", async () => {
  const lots = (await (await fetch(`${origin}/api/lots/public`)).json()) as Array<{ id: number; status: string }>
  const lot = lots.find((candidate) => candidate.status === 'available')
  assert.ok(lot, 'an available lot')
  const { token } = await signIn('admin@aero-demo.my')

  const uid = randomUUID()
  const heard: Array<{ lotId: number; status: string; at: number; arrived: number }> = []
  const base = new URL(origin)
  const stream = await new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path: `/__transmit/events?uid=${uid}` },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`event stream answered ${response.statusCode}`))
        response.setEncoding('utf8')
        response.on(
          'data',
          transmitEventReader(({ channel, payload }) => {
            const message = payload as Record<string, unknown>
            if (channel !== 'lots' || message.type !== 'lot') return
            heard.push({
              lotId: Number(message.lotId),
              status: String(message.status),
              at: Date.parse(String(message.at)),
              arrived: Date.now(),
            })
          })
        )
        response.on('error', () => {})
        fetch(`${origin}/__transmit/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...openerCookie(response.headers['set-cookie']) },
          body: JSON.stringify({ uid, channel: 'lots' }),
        }).then(
          (answer) => (answer.status === 204 ? resolve(request) : reject(new Error(`subscribe ${answer.status}`))),
          reject
        )
      }
    )
    request.on('error', reject)
  })
  try {
    const changed = await fetch(`${origin}/api/lots/${lot.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ status: 'locked' }),
    })
    assert.equal(changed.status, 200, await changed.text())
    const deadline = Date.now() + 3_000
    while (Date.now() < deadline && !heard.some((h) => h.lotId === lot.id && h.status === 'locked'))
      await new Promise((resolve) => setTimeout(resolve, 10))
    const message = heard.find((h) => h.lotId === lot.id && h.status === 'locked')
    assert.ok(message, 'the change was heard')
    assert.ok(message.arrived - message.at < 1_000, `heard ${message.arrived - message.at} ms after the commit`)

    // And the shared cache dropped the public reads it held: they show the change.
    const after = (await (await fetch(`${origin}/api/lots/public`)).json()) as Array<{ id: number; status: string }>
    assert.equal(after.find((candidate) => candidate.id === lot.id)?.status, 'locked')
  } finally {
    stream.destroy()
  }
})
