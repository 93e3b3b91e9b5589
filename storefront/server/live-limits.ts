import type { RequestHandler } from 'express'
import { answerJson } from './api-proxy.ts'
import type { ProxyHandler } from './api-proxy.ts'

export interface LiveStreamLimits {
  perAddress: number
  total: number
}

const RETRY_LATER = { 'retry-after': '30' }

// Each open stream holds two sockets here: uncapped, one address could take every file handle.
// Counted by req.ip, so that `trust proxy` applies.
export function capLiveStreams(
  proxy: ProxyHandler,
  limits: LiveStreamLimits = { perAddress: 20, total: 2000 }
): RequestHandler {
  const perAddress = new Map<string, number>()
  let total = 0
  return (req, res) => {
    // Subscribing and unsubscribing are answered at once; only a stream stays open.
    if (req.method !== 'GET' && req.method !== 'HEAD') return proxy(req, res)
    const address = req.ip ?? ''
    const open = perAddress.get(address) ?? 0
    if (total >= limits.total) {
      return answerJson(res, 503, 'Live updates are at capacity right now. Please try again shortly.', RETRY_LATER)
    }
    if (open >= limits.perAddress) {
      const message = `Too many live-update streams are open from your address (${limits.perAddress} at most). Close some pages, then try again.`
      return answerJson(res, 429, message, RETRY_LATER)
    }
    total += 1
    perAddress.set(address, open + 1)
    res.once('close', () => {
      total -= 1
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
    proxy(req, res)
  }
}
