import http from 'node:http'
import https from 'node:https'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { logLine } from './request-id.ts'

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.'

const HOP_BY_HOP =
  'connection keep-alive proxy-connection proxy-authenticate proxy-authorization te trailer upgrade expect'
const REQUEST_DROPPED = new Set([...HOP_BY_HOP.split(' '), 'x-forwarded-for', 'x-request-id'])
// Node frames the body it sends back itself.
const RESPONSE_DROPPED = new Set([...HOP_BY_HOP.split(' '), 'transfer-encoding'])
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void

/** Passes requests on unchanged, on kept-alive connections idle `timeoutMs` at most (0: no limit). */
export function createApiProxy(target: string, timeoutMs = 60_000): ProxyHandler {
  const base = new URL(target)
  const transport = base.protocol === 'https:' ? https : http
  const agent = new transport.Agent({ keepAlive: true, timeout: timeoutMs })
  const basePath = base.pathname.replace(/\/$/, '')

  return (req, res) => {
    const bodiless = req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0
    // Under an Express mount, req.url has lost the mount path.
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/'
    const headers = forwardedHeaders(req, base.host)
    const options = { protocol: base.protocol, hostname: base.hostname, port: base.port, path: basePath + url, headers }
    const send = (mayRetry: boolean) => {
      const proxyReq = transport.request({ ...options, method: req.method, agent })
      // A pooled connection keeps the idle limit Node gave it in the pool (a second under the
      // backend's announced Keep-Alive timeout: 4 s), which would cut a slower answer short.
      proxyReq.setTimeout(timeoutMs)
      proxyReq.on('timeout', () => proxyReq.destroy(new Error(`Backend did not answer within ${timeoutMs} ms`)))
      proxyReq.on('response', (answer) => {
        res.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          withoutHeaders(answer.rawHeaders, RESPONSE_DROPPED)
        )
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      })
      proxyReq.on('error', (error: NodeJS.ErrnoException) => {
        // The backend had just closed the kept-alive connection: a read is safe to send again on a new one.
        if (mayRetry && proxyReq.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent) return send(false)
        if (res.headersSent || res.destroyed) return void res.destroy()
        const reference = requestIdOf(req)
        logLine('error', `API proxy: ${req.method} ${url} failed: ${error.message}`, { request_id: reference })
        answerJson(res, 502, UNAVAILABLE_MESSAGE, reference ? { 'x-request-id': reference } : {}, reference)
      })
      res.once('close', () => {
        if (!res.writableFinished) proxyReq.destroy()
      })
      if (bodiless) proxyReq.end()
      else req.pipe(proxyReq)
    }
    try {
      send(bodiless && IDEMPOTENT.has(req.method ?? ''))
    } catch (error) {
      // A path with characters a request line cannot carry.
      logLine('error', `API proxy: ${req.method} ${url} refused: ${(error as Error).message}`, {
        request_id: requestIdOf(req),
      })
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('400 Bad Request.')
    }
  }
}

/** The request's headers for the backend, with this hop named in X-Forwarded-*; the browser's Host is kept. */
function forwardedHeaders(req: IncomingMessage, backendHost: string): string[] {
  const headers = withoutHeaders(req.rawHeaders, REQUEST_DROPPED)
  const chain = appendForwardedFor(req.headers['x-forwarded-for'], req.socket.remoteAddress)
  if (chain) headers.push('X-Forwarded-For', chain)
  // The gateway's own (#request-id), never the one the client claimed.
  const requestId = requestIdOf(req)
  if (requestId) headers.push('X-Request-Id', requestId)
  if (req.headers['x-forwarded-proto'] === undefined) {
    headers.push('X-Forwarded-Proto', (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http')
  }
  const host = req.headers.host
  if (req.headers['x-forwarded-host'] === undefined && host) headers.push('X-Forwarded-Host', host)
  if (host === undefined) headers.push('Host', backendHost)
  return headers
}

function requestIdOf(req: IncomingMessage): string | undefined {
  const id = req.headers['x-request-id']
  return typeof id === 'string' ? id : undefined
}

function withoutHeaders(raw: string[], dropped: Set<string>): string[] {
  const kept: string[] = []
  for (let i = 0; i < raw.length; i += 2) if (!dropped.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1])
  return kept
}

export function appendForwardedFor(existing: string | string[] | undefined, address: string | undefined): string {
  return [existing ?? [], address ?? []].flat().filter(Boolean).join(', ')
}

/** The gateway's own error answer, in the backend's shape; a server fault names its `reference`. */
export function answerJson(
  res: ServerResponse,
  status: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
  reference?: string
) {
  const body = JSON.stringify(reference ? { message, reference } : { message })
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    ...headers,
  })
  res.end(body)
}
