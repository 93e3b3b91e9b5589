import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * API clients' connections, handed over by the gateway (storefront/server/api-handoff.ts):
 * with two processes on one host (`npm start`), the gateway gives an API client's connection
 * (its first request for `/api` signed with a bearer token) to the backend, through the parent
 * that started both, and the backend answers on it from then on, with no proxy between.
 *
 * Only Node here: bin/server.ts loads it before the application boots.
 */

/** The parent's message that carries a connection; the socket is its IPC handle (as in api-handoff.ts). */
export const HANDED_CONNECTION = 'aero:api-connection'

/** What a handed connection carries: the API and its live updates. */
const API_PATH = /^\/(?:api|__transmit)(?:[/?#]|$)/i

export const MISDIRECTED_MESSAGE =
  'This connection carries API requests only. Please send this request again on a new connection.'

/** How long a handed connection stays open between requests, as the gateway keeps its own (ms). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

type Handler = (req: IncomingMessage, res: ServerResponse) => void
type MessageSource = { on(event: 'message', listener: (message: unknown, handle: unknown) => void): unknown }

const handed = new WeakSet<Socket>()

/**
 * The backend's request handler, except on a handed connection: a request for anything but the
 * API there (the client asked for a page on its API connection) is 421 Misdirected Request and
 * the connection closes, so the client sends it again on a new one, which the gateway answers.
 */
export function apiOnlyOnHandedConnections(handler: Handler): Handler {
  return (req, res) => {
    if (!handed.has(req.socket) || API_PATH.test(req.url ?? '')) return handler(req, res)
    const body = JSON.stringify({ message: MISDIRECTED_MESSAGE })
    res.shouldKeepAlive = false
    res.writeHead(421, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    })
    res.end(body)
  }
}

/** `server` takes the connections its parent hands it, the bytes the gateway read from each first. */
export function acceptHandedConnections(server: Server, source: MessageSource = process): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  // Must exceed keepAliveTimeout, or a reused connection can be cut while its next headers arrive.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  source.on('message', (message, handle) => {
    const { type, head } = (message ?? {}) as { type?: unknown; head?: unknown }
    if (type !== HANDED_CONNECTION || typeof head !== 'string' || !isSocket(handle)) return
    handed.add(handle)
    if (head.length) handle.unshift(Buffer.from(head, 'base64'))
    server.emit('connection', handle)
    handle.resume()
  })
}

function isSocket(value: unknown): value is Socket {
  return typeof value === 'object' && value !== null && typeof (value as Socket).unshift === 'function'
}
