import http from 'node:http'
import https from 'node:https'
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'

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
 */
export function createApiProxy({ target, timeoutMs = 60_000 }: ApiProxyOptions): RequestHandler {
  const base = new URL(target)
  const transport = base.protocol === 'https:' ? https : http
  const agent = new transport.Agent({ keepAlive: true })
  const basePath = base.pathname.replace(/\/$/, '')

  return (req: Request, res: Response) => {
    const bodiless = hasNoBody(req)
    const retryable = bodiless && IDEMPOTENT.has(req.method)

    const send = (attempt: number): void => {
      const proxyReq = transport.request({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: `${basePath}${req.originalUrl}`,
        headers: forwardedRequestHeaders(req),
        agent,
      })

      proxyReq.setTimeout(timeoutMs, () => proxyReq.destroy(new Error(`Backend did not answer within ${timeoutMs} ms`)))

      proxyReq.on('response', (proxyRes) => {
        res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, responseHeaders(proxyRes.headers))
        proxyRes.pipe(res)
        proxyRes.on('error', () => res.destroy())
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
        console.error(`API proxy: ${req.method} ${req.originalUrl} failed: ${error.message}`)
        res.status(502).json({ message: UNAVAILABLE_MESSAGE })
      })

      // The browser went away: stop talking to the backend too.
      res.on('close', () => {
        if (!res.writableFinished) proxyReq.destroy()
      })

      if (bodiless) proxyReq.end()
      else req.pipe(proxyReq)
    }

    send(0)
  }
}

function hasNoBody(req: Request): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0)
}

function forwardedRequestHeaders(req: Request): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
  }
  const clientAddress = req.socket.remoteAddress
  if (clientAddress) {
    headers['x-forwarded-for'] = appendForwardedFor(req.headers['x-forwarded-for'], clientAddress)
  }
  headers['x-forwarded-proto'] ??= req.protocol
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host
  return headers
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    // Node re-frames the body itself, so its transfer coding is not copied either.
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'transfer-encoding') result[name] = value
  }
  return result
}

/** Adds the address this hop saw to the X-Forwarded-For chain. */
export function appendForwardedFor(existing: string | string[] | undefined, address: string): string {
  const chain = Array.isArray(existing) ? existing.join(', ') : existing
  return chain ? `${chain}, ${address}` : address
}
