import { test } from '@japa/runner'
import { EventEmitter } from 'node:events'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { connect, createServer, type Server, type Socket } from 'node:net'
import {
  HANDED_CONNECTION,
  MISDIRECTED_MESSAGE,
  acceptHandedConnections,
  apiOnlyOnHandedConnections,
} from '#core/handed_connections'

/**
 * The backend's side of an API client's connection handed over by the gateway
 * (storefront/server/api-handoff.ts): the bytes the gateway read come first, the rest from the
 * socket; on such a connection only the API is answered.
 */

type Answer = { status: number; headers: string; body: string }

/** Reads whole answers (Content-Length bodies) from `socket`, one per call. */
function answers(socket: Socket) {
  let buffered = ''
  socket.setEncoding('latin1')
  const waiting: Array<(answer: Answer) => void> = []
  socket.on('data', (text: string) => {
    buffered += text
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? -1)
      if (end === -1 || length < 0 || buffered.length < end + 4 + length || waiting.length === 0) return
      const headers = buffered.slice(0, end)
      const answer = { status: Number(headers.split(' ')[1]), headers, body: buffered.slice(end + 4, end + 4 + length) }
      buffered = buffered.slice(end + 4 + length)
      waiting.shift()!(answer)
    }
  })
  return () => new Promise<Answer>((resolve) => waiting.push(resolve))
}

test.group('Core | connections handed over by the gateway', (group) => {
  let http: HttpServer
  let door: Server
  let parent: EventEmitter
  let doorPort: number

  group.each.setup(async () => {
    http = createHttpServer(apiOnlyOnHandedConnections((req, res) => res.end(`backend ${req.url}`)))
    parent = new EventEmitter()
    acceptHandedConnections(http, parent)
    // Stands in for the gateway: takes a connection without reading it.
    door = createServer({ pauseOnConnect: true })
    await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve))
    doorPort = (door.address() as { port: number }).port
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    return async () => {
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
      await new Promise((resolve) => door.close(resolve))
    }
  })

  /** A client connection, handed to the backend with `head` as the bytes already read from it. */
  async function handed(head: string) {
    const accepted = new Promise<Socket>((resolve) => door.once('connection', resolve))
    const client = connect(doorPort, '127.0.0.1')
    const next = answers(client)
    parent.emit('message', { type: HANDED_CONNECTION, head: Buffer.from(head).toString('base64') }, await accepted)
    return { client, next }
  }

  test('answers the request the gateway read, then the ones that follow on the socket', async ({ assert }) => {
    const { client, next } = await handed('GET /api/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n')
    const first = await next()
    assert.equal(first.status, 200)
    assert.equal(first.body, 'backend /api/users/me')
    assert.match(first.headers, /keep-alive: timeout=65/i)
    client.write('GET /__transmit/events?uid=1 HTTP/1.1\r\nHost: x\r\n\r\n')
    assert.equal((await next()).body, 'backend /__transmit/events?uid=1')
    client.destroy()
  })

  test('a page asked for on a handed connection is 421 Misdirected Request, and the connection closes', async ({
    assert,
  }) => {
    const { client, next } = await handed('GET /api/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n')
    await next()
    const closed = new Promise((resolve) => client.once('close', resolve))
    client.write('GET /aero-industrial-hub HTTP/1.1\r\nHost: x\r\n\r\n')
    const misdirected = await next()
    assert.equal(misdirected.status, 421)
    assert.deepEqual(JSON.parse(misdirected.body), { message: MISDIRECTED_MESSAGE })
    assert.match(misdirected.headers, /connection: close/i)
    await closed
  })

  test("the backend's own port still answers whatever it is asked", async ({ assert }) => {
    const client = connect((http.address() as { port: number }).port, '127.0.0.1')
    const next = answers(client)
    client.write('GET /aero-industrial-hub HTTP/1.1\r\nHost: x\r\n\r\n')
    const answer = await next()
    assert.equal(answer.status, 200)
    assert.equal(answer.body, 'backend /aero-industrial-hub')
    client.destroy()
  })

  test('a message that is not a handed connection is ignored', async ({ assert }) => {
    const accepted = new Promise<Socket>((resolve) => door.once('connection', resolve))
    const client = connect(doorPort, '127.0.0.1')
    const socket = await accepted
    let connections = 0
    http.on('connection', () => connections++)
    parent.emit('message', { type: 'something-else', head: '' }, socket)
    parent.emit('message', { type: HANDED_CONNECTION, head: 42 }, socket)
    parent.emit('message', { type: HANDED_CONNECTION, head: '' }, undefined)
    assert.equal(connections, 0)
    client.destroy()
    socket.destroy()
  })
})
