import net from 'node:net'
import server from '@adonisjs/core/services/server'
import { closeAllStreams } from '#core/live_streams'

let draining = false
const LAST_REQUESTS_MS = 15_000
/** How long the port stays open into a drain: time for the balancer to have been refused a read or two. */
const PORT_OPEN_INTO_DRAIN_MS = 1_000

export function isDraining(): boolean {
  return draining
}

/**
 * The first step of a graceful stop, before the framework closes the HTTP server: readiness fails, every
 * answer closes its connection, and reads are refused (a 502 the balancer retries on another instance;
 * drain_middleware.ts), so a balancer with passive checks marks this instance failed and sends it nothing
 * new for a while. The port closes early in that while: a connection the kernel had queued when the port
 * closed would be cut after the balancer sent its request, and a write (a booking) is not retried. Requests
 * in flight finish; a wait longer than the balancer's upstream keep-alive leaves no idle connection for the
 * final close to cut under a request. After `waitMs`, the live streams are ended (they never end by
 * themselves and would hold the server open) and their clients reconnect to another instance.
 */
export async function drain(waitMs: number): Promise<void> {
  if (draining) return
  draining = true
  const nodeServer = server.getNodeServer()
  nodeServer?.prependListener('request', (_request, response) => {
    response.setHeader('Connection', 'close')
  })
  if (waitMs > 0) {
    const portOpenMs = Math.min(PORT_OPEN_INTO_DRAIN_MS, waitMs)
    await sleep(portOpenMs)
    // The listening socket only: http.Server's own close would also cut the idle keep-alive connections.
    if (nodeServer?.listening) net.Server.prototype.close.call(nodeServer)
    await sleep(waitMs - portOpenMs)
  }
  closeAllStreams()
  // The framework's close waits for every connection: one still open this long after is cut.
  setTimeout(() => server.getNodeServer()?.closeAllConnections(), LAST_REQUESTS_MS).unref()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
