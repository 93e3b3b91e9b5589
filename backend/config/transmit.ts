import { defineConfig } from '@adonisjs/transmit'
import { redisOptions, redisPrefix, redisUrl } from '#config/redis'
import { RedisLiveTransport } from '#core/live_transport'

/**
 * Live updates over server-sent events (start/transmit.ts). Every 25 s each open stream gets
 * a ping message, so proxies and load balancers that close silent connections (often after
 * 60 s) keep them, and a stream whose browser is gone is noticed. One instance keeps its
 * subscribers in memory. With REDIS_URL every broadcast also goes through Redis, so one made
 * by any process (an instance, `node ace bookings:expire`) reaches the streams held by every
 * instance (docs/deploy.md).
 */
const url = redisUrl

/**
 * How many event streams this process holds open (start/transmit.ts, app/core/live_streams.ts).
 * Each is a socket (two through the gateway) for as long as the page is open: without a cap one
 * address could take every file handle and leave pages and the API unserved. A browser tab
 * holds one; an address (a household, an office) a few dozen at most; a person a handful of tabs.
 * `total` keeps the process's handles well below its limit. Tests lower them.
 */
export const liveStreamLimits = {
  perAddress: 20,
  perUser: 10,
  total: 2000,
}

export default defineConfig({
  pingInterval: '25s',
  transport: url
    ? { driver: () => new RedisLiveTransport(redisOptions(url)), channel: `${redisPrefix}transmit` }
    : null,
})
