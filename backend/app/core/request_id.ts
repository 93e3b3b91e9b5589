import type { IncomingMessage, RequestListener } from 'node:http'

/**
 * What an `X-Request-Id` may look like to be kept: nginx's `$request_id` (32 hex digits), a UUID,
 * or another tracer's token. Anything else (too long, spaces, quotes, control characters) could
 * forge or break log lines.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value)
}

/**
 * Keeps the request's `X-Request-Id` only when the peer is a trusted proxy (nginx, the gateway)
 * and the id looks like one; otherwise drops it, and the framework makes a fresh one
 * (`generateRequestId`). Runs before the framework reads the request, so the request's logger,
 * the echoed header and an error's reference all carry the same id.
 */
export function acceptRequestIds(
  handle: RequestListener,
  trusts: (address: string | undefined) => boolean
): RequestListener {
  return (req, res) => {
    dropUntrustedRequestId(req, trusts)
    handle(req, res)
  }
}

export function dropUntrustedRequestId(req: IncomingMessage, trusts: (address: string | undefined) => boolean): void {
  const given = req.headers['x-request-id']
  if (given === undefined) return
  if (!isRequestId(given) || !trusts(req.socket.remoteAddress)) delete req.headers['x-request-id']
}
