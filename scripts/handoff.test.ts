/**
 * `npm run test:handoff`: one host, two processes, as `npm start` runs them (scripts/stack.ts):
 * an API client's connection (its first request for `/api` with a bearer token) is handed from
 * the gateway to the backend, which answers on it from then on (storefront/server/api-handoff.ts,
 * backend/app/core/handed_connections.ts); browsers' and anonymous connections stay with the
 * gateway. Proved through the one origin on raw keep-alive connections. Needs the storefront
 * build (`npm run build`) and MariaDB (MYSQL_*); database HANDOFF_DB_NAME (aero_handoff),
 * recreated on every run.
 */
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, test } from 'node:test'
import { signInDemo } from './demo-sign-in.ts'
import { startStack, type Stack } from './stack.ts'

const MISDIRECTED = 'This connection carries API requests only. Please send this request again on a new connection.'
let stack: Stack
let port: number

before(async () => {
  stack = await startStack({
    database: { client: 'mysql', name: process.env.HANDOFF_DB_NAME ?? 'aero_handoff' },
    gateway: true,
  })
  port = Number(new URL(stack.baseURL).port)
})

after(async () => {
  await stack?.stop()
})

type Answer = { status: number; headers: Record<string, string>; body: string }

/** One keep-alive connection to the origin: each `ask` writes a request and reads its whole answer. */
function connection() {
  const socket: Socket = connect(port, '127.0.0.1')
  socket.setEncoding('latin1')
  let buffered = ''
  let closed = false
  socket.on('close', () => (closed = true))
  /** `firstBytes`: only that much of the request goes at once, the rest `laterMs` after (a body in pieces). */
  const ask = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body = '',
    firstBytes = Infinity,
    laterMs = 0
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const lines = [
        `${method} ${path} HTTP/1.1`,
        'Host: localhost',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ]
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
      const request = `${lines.join('\r\n')}\r\n\r\n${body}`
      socket.write(request.slice(0, firstBytes))
      if (request.length > firstBytes) setTimeout(() => socket.write(request.slice(firstBytes)), laterMs)
      // An answer that never comes is a failure, not a test that waits forever.
      const timer = setTimeout(() => reject(new Error(`${method} ${path}: no answer in 10 s`)), 10_000)
      const read = () => {
        const end = buffered.indexOf('\r\n\r\n')
        if (end === -1) return
        const [statusLine, ...headerLines] = buffered.slice(0, end).split('\r\n')
        const answerHeaders = Object.fromEntries(
          headerLines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ])
        )
        let rest = buffered.slice(end + 4)
        let answerBody: string
        if (answerHeaders['transfer-encoding'] === 'chunked') {
          const chunks: string[] = []
          for (;;) {
            const lineEnd = rest.indexOf('\r\n')
            if (lineEnd === -1) return
            const size = parseInt(rest.slice(0, lineEnd), 16)
            if (rest.length < lineEnd + 2 + size + 2) return
            chunks.push(rest.slice(lineEnd + 2, lineEnd + 2 + size))
            rest = rest.slice(lineEnd + 2 + size + 2)
            if (size === 0) break
          }
          answerBody = chunks.join('')
        } else {
          const length = Number(answerHeaders['content-length'] ?? 0)
          if (rest.length < length) return
          answerBody = rest.slice(0, length)
          rest = rest.slice(length)
        }
        buffered = rest
        clearTimeout(timer)
        socket.off('data', onData)
        socket.off('error', reject)
        resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body: answerBody })
      }
      const onData = (text: string) => {
        buffered += text
        read()
      }
      socket.on('data', onData)
      socket.once('error', reject)
    })
  return { ask, closed: () => closed, close: () => socket.destroy() }
}

const signIn = (email: string) => signInDemo(stack.baseURL, email)

test("an API client's connection is the backend's: its reads and writes answered, a page refused with 421", async () => {
  const { token } = await signIn('member@aero-demo.my')
  const bearer = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
  const client = connection()
  try {
    const me = await client.ask('GET', '/api/users/me', bearer)
    assert.equal(me.status, 200)
    assert.equal((JSON.parse(me.body) as { email: string }).email, 'member@aero-demo.my')
    // A write with its body, on the same connection.
    const renamed = await client.ask(
      'PUT',
      '/api/auth/me',
      { ...bearer, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'Handed Member', phone: '0123456789' })
    )
    assert.equal(renamed.status, 200, renamed.body)
    const again = await client.ask('GET', '/api/users/me', bearer)
    assert.equal((JSON.parse(again.body) as { name: string }).name, 'Handed Member')
    // A large body in pieces, the first with the head, the rest a moment later (as a client streams
    // a form): all of it reaches the backend, which reads it to the end and answers (a name that
    // long is refused). Each on a new connection, so each is handed over while its body arrives.
    for (const laterMs of [0, 1, 2, 5, 10, 50]) {
      const uploader = connection()
      try {
        const large = await uploader.ask(
          'PUT',
          '/api/auth/me',
          { ...bearer, 'Content-Type': 'application/json' },
          JSON.stringify({ name: 'x'.repeat(300_000), phone: '0123456789' }),
          1_000,
          laterMs
        )
        assert.ok([413, 422].includes(large.status), `${large.status} ${large.body.slice(0, 200)}`)
        assert.ok((JSON.parse(large.body) as { message?: string }).message)
      } finally {
        uploader.close()
      }
    }
    // Only the backend answers 421 here: the gateway would have served the page.
    const page = await client.ask('GET', '/aero-industrial-hub', bearer)
    assert.equal(page.status, 421)
    assert.deepEqual(JSON.parse(page.body), { message: MISDIRECTED })
    assert.equal(page.headers.connection, 'close')
  } finally {
    client.close()
  }
  // Asked again on a new connection, the page is the gateway's.
  const fresh = connection()
  try {
    const page = await fresh.ask('GET', '/aero-industrial-hub')
    assert.equal(page.status, 200)
    assert.match(page.headers['content-type'] ?? '', /text\/html/)
  } finally {
    fresh.close()
  }
})

test("a browser's connection stays with the gateway: its API calls and its pages on one connection", async () => {
  const { cookie } = await signIn('member@aero-demo.my')
  const browser = connection()
  try {
    const me = await browser.ask('GET', '/api/users/me', { Cookie: cookie, Accept: 'application/json' })
    assert.equal(me.status, 200)
    const page = await browser.ask('GET', '/enhanced-dashboard', { Cookie: cookie })
    assert.equal(page.status, 200)
    assert.match(page.headers['content-type'] ?? '', /text\/html/)
  } finally {
    browser.close()
  }
})

test("an anonymous visitor's connection stays with the gateway, its API reads from the shared cache", async () => {
  const visitor = connection()
  try {
    await visitor.ask('GET', '/api/lots/public', { Accept: 'application/json' })
    const lots = await visitor.ask('GET', '/api/lots/public', { Accept: 'application/json' })
    assert.equal(lots.status, 200)
    assert.equal(lots.headers['x-api-cache'], 'hit')
    const page = await visitor.ask('GET', '/')
    assert.equal(page.status, 200)
  } finally {
    visitor.close()
  }
})

test('a token the backend refuses is refused on a handed connection as through the gateway', async () => {
  const client = connection()
  try {
    const refused = await client.ask('GET', '/api/users/me', {
      Authorization: 'Bearer oat_bm9wZQ.bm9wZQ',
      Accept: 'application/json',
    })
    assert.equal(refused.status, 401)
    assert.ok((JSON.parse(refused.body) as { message?: string }).message)
  } finally {
    client.close()
  }
})
