import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ProxyHandler } from './api-proxy.ts'

/**
 * How many live-update streams (`GET /__transmit/events`, server-sent events) the gateway
 * holds open at once. Each is held for as long as its page stays open, on two sockets here
 * (the browser's and the backend's): uncapped, one address opening thousands would take
 * every file handle and leave pages and the API unserved. Per client address and in all;
 * beyond, a JSON refusal the browser's Transmit client retries later. The backend caps its
 * own streams too (backend config/transmit.ts), per signed-in person as well.
 */
export interface LiveStreamLimits {
  /** Streams one client address may hold open (a household or an office shares one). */
  perAddress: number
  /** Streams this process holds open in all: well below its file handle limit. */
  total: number
}

export const DEFAULT_LIVE_STREAM_LIMITS: LiveStreamLimits = { perAddress: 20, total: 2000 }

const RETRY_AFTER_SECONDS = 30

/** Wraps the live updates' handler: a stream is counted while open, and refused beyond a cap. */
export function capLiveStreams(
  handler: ProxyHandler,
  limits: LiveStreamLimits,
  clientAddress: (req: IncomingMessage) => string
): ProxyHandler {
  const perAddress = new Map<string, number>()
  let total = 0
  return (req, res) => {
    // Subscribing and unsubscribing (POST) are answered at once; only a stream stays open.
    if (req.method !== 'GET' && req.method !== 'HEAD') return handler(req, res)
    const address = clientAddress(req)
    if (total >= limits.total) {
      return refuse(res, 503, 'Live updates are at capacity right now. Please try again shortly.')
    }
    if ((perAddress.get(address) ?? 0) >= limits.perAddress) {
      return refuse(
        res,
        429,
        `Too many live-update streams are open from your address (${limits.perAddress} at most). Close some pages, then try again.`
      )
    }
    total += 1
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
    // 'close' comes once, however the exchange ends (answered, cut by either side, failed).
    res.once('close', () => {
      total -= 1
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
    handler(req, res)
  }
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ message })
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(RETRY_AFTER_SECONDS),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  })
  res.end(body)
}

/**
 * The client's address as Express reads it with the gateway's `trust proxy` (proxy-addr): the
 * connection's peer, or, through trusted proxies, the nearest X-Forwarded-For entry they did
 * not add themselves.
 */
export function clientAddressOf(trust: (address: string, hop: number) => boolean) {
  return (req: IncomingMessage): string => {
    const forwarded = ([] as string[])
      .concat(req.headers['x-forwarded-for'] ?? [])
      .join(',')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse()
    const chain = [req.socket.remoteAddress ?? '', ...forwarded]
    let hop = 0
    while (hop < chain.length - 1 && trust(chain[hop], hop)) hop += 1
    return chain[hop]
  }
}
