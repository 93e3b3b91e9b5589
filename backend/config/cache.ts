import { defineConfig, drivers, store } from '@adonisjs/cache'
import type { InferStores } from '@adonisjs/cache/types'
import { redisPrefix, redisUrl } from '#config/redis'

/**
 * What the backend keeps for a moment and shares between requests (#inventory/public_reads).
 * One instance keeps it in memory. With REDIS_URL each instance keeps it in memory too (L1),
 * backed by Redis (L2, under REDIS_PREFIX), and a drop made by any process (an instance,
 * `node ace bookings:expire`) reaches every instance's memory through Redis's pub/sub (the bus;
 * its messages name the prefix, so deployments sharing one Redis leave each other's alone).
 */
const prefix = `${redisPrefix}cache`

// Kept as made in memory: a hit is sent without being parsed again.
const shared = store({ prefix }).useL1Layer(drivers.memory({ maxItems: 1_000, serialize: false }))
if (redisUrl) {
  shared.useL2Layer(drivers.redis({ connectionName: 'main', prefix }))
  shared.useBus(drivers.redisBus({ connectionName: 'main' }))
}

const cacheConfig = defineConfig({
  default: 'shared',
  stores: { shared },
})

export default cacheConfig

declare module '@adonisjs/cache/types' {
  interface CacheStores extends InferStores<typeof cacheConfig> {}
}
