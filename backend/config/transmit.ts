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

export default defineConfig({
  pingInterval: '25s',
  transport: url
    ? { driver: () => new RedisLiveTransport(redisOptions(url)), channel: `${redisPrefix}transmit` }
    : null,
})
