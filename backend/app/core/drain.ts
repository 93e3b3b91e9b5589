import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import server from '@adonisjs/core/services/server'
import { closeAllStreams } from '#core/live_streams'

let draining = false
const LAST_REQUESTS_MS = 15_000
/** Time for the balancer to be refused a read or two before the port closes. */
const PORT_OPEN_INTO_DRAIN_MS = 1_000

export function isDraining(): boolean {
  return draining
}

/**
 * The first step of a graceful stop. Readiness fails, answers close their connections and reads are
 * refused, so the balancer stops sending here before the port closes: a request queued in a closing
 * port is cut after it was sent, and a write is not retried. Live streams are ended after `waitMs`.
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
