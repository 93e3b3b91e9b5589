import server from '@adonisjs/core/services/server'
import { closeAllStreams } from '#core/live_streams'

let draining = false
const LAST_REQUESTS_MS = 15_000

export function isDraining(): boolean {
  return draining
}

/**
 * The first step of a graceful stop, before the framework closes the HTTP server: readiness fails and
 * every answer closes its connection, so balancers send new work elsewhere while requests in flight
 * finish (a wait longer than the balancer's upstream keep-alive leaves no idle connection for the
 * close to cut under a request); after `waitMs`, the live streams are ended (they never end by themselves and would hold the
 * server open) and their clients reconnect to another instance.
 */
export async function drain(waitMs: number): Promise<void> {
  if (draining) return
  draining = true
  server.getNodeServer()?.prependListener('request', (_request, response) => {
    response.setHeader('Connection', 'close')
  })
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
  closeAllStreams()
  // The framework's close waits for every connection: one still open this long after is cut.
  setTimeout(() => server.getNodeServer()?.closeAllConnections(), LAST_REQUESTS_MS).unref()
}
