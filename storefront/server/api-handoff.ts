/**
 * API clients' connections handed to the backend (two processes, `npm start`).
 *
 * An API client with a bearer token (an app, an integration) only ever asks for `/api`, on a
 * keep-alive connection. Through the gateway, each of its requests was parsed twice, written to
 * the backend and read back: about a quarter of `GET /api/users/me`'s throughput on two cores.
 * Here the gateway reads a new connection's first bytes, and when they are a whole request head
 * for `/api` signed with a bearer token, it hands the connection itself (the socket, with the
 * bytes it read) to the backend through the parent that started both (scripts/start.ts relays
 * it, `relayHandedConnections`). The backend answers on it from then on (backend/app/core/
 * handed_connections.ts); a later request for anything but the API on it gets 421 Misdirected
 * Request and the connection closes, so a client asks again on a new one.
 *
 * Every other connection (browsers: cookies, pages, the live updates; anonymous API reads, which
 * the gateway's shared cache answers) is the gateway's, as before.
 *
 * Only erasable TypeScript here: scripts/start.ts and scripts/stack.ts import it with Node's
 * type stripping.
 */
import type { ChildProcess } from 'node:child_process'
import type { Server as HttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'

/** The message that carries a connection (the socket goes with it as the IPC handle). */
export const HANDED_CONNECTION = 'aero:api-connection'
/** A connection the parent could not pass on, back to the gateway. */
export const RETURNED_CONNECTION = 'aero:api-connection-returned'

export type ConnectionMessage = { type: typeof HANDED_CONNECTION | typeof RETURNED_CONNECTION; head: string }

/** How much of a first read is looked at: a request head longer than this stays with the gateway. */
const MAX_HEAD_BYTES = 16 * 1024

const API_REQUEST_LINE = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \/api(?:[/?]|\s)[^\r\n]* HTTP\/1\.[01]\r\n/
const BEARER_HEADER = /\r\nauthorization:[ \t]*bearer[ \t]/i
const COOKIE_HEADER = /\r\ncookie:/i

/**
 * True when `head` (a connection's first bytes) holds a whole request head for `/api` with a
 * bearer token and no cookie: an API client's connection. A browser sends cookies, not bearer
 * tokens, and a partial head is never guessed at.
 */
export function isApiClientHead(head: Buffer): boolean {
  const text = head.subarray(0, MAX_HEAD_BYTES).toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return false
  const lines = text.slice(0, end + 2)
  return API_REQUEST_LINE.test(lines) && BEARER_HEADER.test(lines) && !COOKIE_HEADER.test(lines)
}

/** Takes an API client's connection (true), or leaves it with the gateway (false). */
export type HandOff = (socket: Socket, head: Buffer) => boolean

/** How long a new connection may stay silent before its first bytes (as the server's headers timeout). */
export const FIRST_BYTES_TIMEOUT_MS = 66_000

/**
 * A listener in front of `server`: each new connection's first bytes decide whether `handOff`
 * takes it; otherwise `server` gets the connection with those bytes, as if it had read them.
 */
export function routeConnections(
  server: HttpServer,
  handOff: HandOff,
  { firstBytesTimeoutMs = FIRST_BYTES_TIMEOUT_MS } = {}
): Server {
  return createServer({ pauseOnConnect: true }, (socket) => {
    const fail = () => socket.destroy()
    socket.on('error', fail)
    socket.on('timeout', fail)
    socket.setTimeout(firstBytesTimeoutMs)
    socket.once('data', (first: Buffer) => {
      const head = Buffer.concat([first, holdStill(socket)])
      // From here on, whoever answers on the socket minds its errors and its timeouts.
      socket.off('error', fail)
      socket.off('timeout', fail)
      socket.setTimeout(0)
      if (isApiClientHead(head) && handOff(socket, head)) return
      serveHere(server, socket, head)
    })
    socket.resume()
  })
}

/** `server` answers on `socket`, starting with `head`, bytes read from it already. */
export function serveHere(server: HttpServer, socket: Socket, head: Buffer): void {
  if (head.length) socket.unshift(head)
  server.emit('connection', socket)
  socket.resume()
}

/**
 * Stops `socket` reading and returns what it had read already: what the client sends next waits
 * in the kernel for whoever answers it (a socket passed to another process takes it along; bytes
 * read here would be lost with it). As Node's own pause does for a socket that reads into a buffer
 * of its own; a received socket starts reading as soon as it is made.
 */
export function holdStill(socket: Socket): Buffer {
  socket.pause()
  const chunks: Buffer[] = []
  for (let chunk = socket.read() as Buffer | null; chunk; chunk = socket.read() as Buffer | null) chunks.push(chunk)
  // After reading the buffer: reading the stream asks its handle to read again.
  const handle = (socket as Socket & { _handle?: { reading?: boolean; readStop?: () => number } })._handle
  if (handle?.reading) {
    handle.reading = false
    handle.readStop?.()
  }
  return Buffer.concat(chunks)
}

/**
 * The gateway's side: an API client's connection goes to the parent (which passes it to the
 * backend), and one the parent hands back is the gateway's after all. Undefined when this process
 * has no parent that relays (HAND_OFF_API_CLIENTS=1 says it does).
 */
export function handOffThroughParent(server: HttpServer): HandOff | undefined {
  if (process.env.HAND_OFF_API_CLIENTS !== '1' || typeof process.send !== 'function') return undefined
  process.on('message', (message: unknown, socket: unknown) => {
    if (!isConnectionMessage(message, RETURNED_CONNECTION) || !isSocket(socket)) return
    serveHere(server, socket, Buffer.from(message.head, 'base64'))
  })
  return (socket, head) => {
    if (!process.connected) return false
    const message: ConnectionMessage = { type: HANDED_CONNECTION, head: head.toString('base64') }
    process.send!(message, socket, (error: Error | null) => {
      if (error) socket.destroy()
    })
    return true
  }
}

/**
 * The parent's side (scripts/start.ts, scripts/stack.ts): each connection the gateway hands over
 * goes to the backend; while the backend cannot take it, back to the gateway.
 */
export function relayHandedConnections(gateway: ChildProcess, backend: ChildProcess): void {
  gateway.on('message', (message: unknown, socket: unknown) => {
    if (!isConnectionMessage(message, HANDED_CONNECTION) || !isSocket(socket)) return
    // Received, the socket reads at once: held still, with anything it read added to the head.
    const read = holdStill(socket)
    const head = read.length
      ? Buffer.concat([Buffer.from(message.head, 'base64'), read]).toString('base64')
      : message.head
    if (!backend.connected) {
      if (gateway.connected) gateway.send({ type: RETURNED_CONNECTION, head }, socket)
      else socket.destroy()
      return
    }
    backend.send({ type: HANDED_CONNECTION, head }, socket, (error: Error | null) => {
      if (error) socket.destroy()
    })
  })
}

export function isConnectionMessage(message: unknown, type: string): message is ConnectionMessage {
  const candidate = message as Partial<ConnectionMessage> | null
  return candidate?.type === type && typeof candidate.head === 'string'
}

function isSocket(value: unknown): value is Socket {
  return typeof value === 'object' && value !== null && typeof (value as Socket).unshift === 'function'
}
