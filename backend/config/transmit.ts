import { defineConfig } from '@adonisjs/transmit'

/**
 * Live updates over server-sent events (start/transmit.ts). Every 25 s each open stream gets
 * a ping message, so proxies and load balancers that close silent connections (often after
 * 60 s) keep them, and a stream whose browser is gone is noticed. One instance keeps its
 * subscribers in memory; several instances need a shared transport (Redis) so a broadcast
 * made on one reaches the streams held by the others.
 */
export default defineConfig({
  pingInterval: '25s',
  transport: null,
})
