import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import { redisPrefix, redisUrl } from '#config/redis'

const limiterConfig = defineConfig({
  /** Several instances count together in Redis when there is one (docs/deploy.md); LIMITER_STORE wins when set. */
  default: env.get('LIMITER_STORE') ?? (redisUrl ? 'redis' : 'database'),
  stores: {
    database: stores.database({
      connectionName: env.get('DB_CONNECTION'),
      tableName: 'rate_limits',
    }),
    memory: stores.memory({}),
    redis: stores.redis({ connectionName: 'main', keyPrefix: `${redisPrefix}limits` }),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
