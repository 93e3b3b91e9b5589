import http from 'node:http'
import https from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.'

// Hop-by-hop headers describe one connection, not the message (RFC 9110 section 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'expect',
])

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface ApiProxyOptions {
  /** Where the backend listens, e.g. http://127.0.0.1:3333. */
  target: string
  /** Idle time on the backend connection before giving up (ms). */
  timeoutMs?: number
}

/**
 * Passes a request on to the backend unchanged (path, method, every header, body
 * streamed) and its answer back unchanged (status, every header including each
 * Set-Cookie, body streamed). An unreachable backend answers 502 JSON.
 *
 * It is on the path of every API call, so it does little per request: connections to the
 * backend are kept alive (the idle timeout is set once per connection, not per request),
 * and the headers go both ways as Node read them (the raw name/value list), filtered,
 * straight into the outgoing head, without objects built and each header validated again.
 */
/**
 * Plain Node types: the gateway calls it before Express sees the request (Express's own
 * request and response, which extend these, do as well).
 */
export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void

export function createApiProxy({ target, timeoutMs = 60_000 }: ApiProxyOptions): ProxyHandler {
  const base = new URL(target)
  const transport = base.protocol === 'https:' ? https : http
  const agent = new transport.Agent({ keepAlive: true, timeout: timeoutMs })
  const basePath = base.pathname.replace(/\/$/, '')
  const timeoutMessage = `Backend did not answer within ${timeoutMs} ms`

  return (req, res) => {
    const method = req.method ?? 'GET'
    const bodiless = hasNoBody(req)
    const retryable = bodiless && IDEMPOTENT.has(method)
    const headers = forwardedRequestHeaders(req, base.host)
    // Under an Express mount, req.url has lost the mount path; originalUrl keeps it.
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/'
    const path = `${basePath}${url}`

    const send = (attempt: number): void => {
      const proxyReq = transport.request({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method,
        path,
        headers,
        agent,
      })

      // The agent's sockets time out after `timeoutMs` idle; one in use says so here.
      proxyReq.on('timeout', () => proxyReq.destroy(new Error(timeoutMessage)))

      proxyReq.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders))
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      })

      proxyReq.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the backend had just closed: a read without a body
        // can safely be sent again, once, on a fresh connection.
        if (attempt === 0 && retryable && proxyReq.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent) {
          send(1)
          return
        }
        if (res.headersSent || res.destroyed) {
          res.destroy()
          return
        }
        console.error(`API proxy: ${method} ${url} failed: ${error.message}`)
        const body = JSON.stringify({ message: UNAVAILABLE_MESSAGE })
        res.writeHead(502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          // As every API answer (backend/app/core/middleware/api_request_middleware.ts): an error is never kept.
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        })
        res.end(body)
      })

      // The browser went away: stop talking to the backend too.
      res.once('close', () => {
        if (!res.writableFinished) proxyReq.destroy()
      })

      if (bodiless) proxyReq.end()
      else req.pipe(proxyReq)
    }

    send(0)
  }
}

function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0)
}

/**
 * The request's headers as a raw name/value list for the backend: the hop-by-hop ones
 * left out, this hop added to X-Forwarded-For, X-Forwarded-Proto and -Host when absent. The
 * browser's Host goes on as it is (the backend builds its links from it).
 */
function forwardedRequestHeaders(req: IncomingMessage, backendHost: string): string[] {
  const raw = req.rawHeaders
  const headers: string[] = []
  let forwardedFor: string | undefined
  let hasProto = false
  let hasHost = false
  let hasHostHeader = false
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase()
    if (HOP_BY_HOP.has(name)) continue
    if (name === 'x-forwarded-for') {
      forwardedFor = forwardedFor === undefined ? raw[i + 1] : `${forwardedFor}, ${raw[i + 1]}`
      continue
    }
    if (name === 'host') hasHostHeader = true
    else if (name === 'x-forwarded-proto') hasProto = true
    else if (name === 'x-forwarded-host') hasHost = true
    headers.push(raw[i], raw[i + 1])
  }
  const clientAddress = req.socket.remoteAddress
  if (clientAddress) headers.push('X-Forwarded-For', appendForwardedFor(forwardedFor, clientAddress))
  else if (forwardedFor !== undefined) headers.push('X-Forwarded-For', forwardedFor)
  if (!hasProto) headers.push('X-Forwarded-Proto', (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http')
  if (!hasHost && req.headers.host) headers.push('X-Forwarded-Host', req.headers.host)
  // An HTTP/1.0 client may send none; the backend's is then named.
  if (!hasHostHeader) headers.push('Host', backendHost)
  return headers
}

/** The backend's answer headers as a raw list, less the hop-by-hop ones. */
function responseHeaders(raw: string[]): string[] {
  const headers: string[] = []
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase()
    // Node re-frames the body itself, so its transfer coding is not copied either.
    if (!HOP_BY_HOP.has(name) && name !== 'transfer-encoding') headers.push(raw[i], raw[i + 1])
  }
  return headers
}

/** Adds the address this hop saw to the X-Forwarded-For chain. */
export function appendForwardedFor(existing: string | string[] | undefined, address: string): string {
  const chain = Array.isArray(existing) ? existing.join(', ') : existing
  return chain ? `${chain}, ${address}` : address
}
