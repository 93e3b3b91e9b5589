import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { publicReads } from '#core/metrics'

/**
 * The visitors' lot reads, shared for a moment by everyone asking (on launch day thousands ask the same
 * question). Every committed lot change drops them on every instance, so availability is never served stale.
 */

/** How long a read is shared (PUBLIC_READS_TTL_MS, default 2 s; 0 turns sharing off). */
function ttlMs() {
  return Number(env.get('PUBLIC_READS_TTL_MS', 2_000))
}

type Read = { body: string; rows: number | null }

const NAMESPACE = 'public-lots'
/** Counts drops, here and (heard through the cache's bus) elsewhere: a read made across one is not kept. */
let generation = 0

const openReads = async () => (await app.container.make('cache.manager')).namespace(NAMESPACE)
let opened: ReturnType<typeof openReads> | undefined

function reads() {
  return (opened ??= openReads())
}

/** Drops every shared read, on every instance; resolves once this instance's and Redis's copies are gone. */
export async function dropPublicLotReads() {
  generation += 1
  try {
    const cache = await reads()
    await cache.clear()
    // The first clear tells the other instances while it still deletes Redis's copies: one may
    // refill its memory from them in between. Told again once they are gone, it drops that too.
    if (env.get('REDIS_URL')) await cache.clear()
  } catch (error) {
    // This instance's memory is dropped before Redis is asked; the change itself stands.
    logger.warn({ err: error }, 'the shared lot reads could not be dropped everywhere')
  }
}

/** Listener of the cache's bus: another process dropped the reads (this one's memory goes with them). */
export function followCacheBus({ message }: { message: { type: string } }) {
  if (message.type === 'clear') generation += 1
}

export async function publicLotRead(key: string, produce: () => Promise<unknown>): Promise<Read> {
  const ttl = ttlMs()
  const make = async () => {
    const value = await produce()
    return { body: JSON.stringify(value), rows: Array.isArray(value) ? value.length : null }
  }
  if (ttl <= 0) return make()
  let made: Read | undefined
  let produced = false
  const cache = await reads()
  const kept = await cache
    .getOrSet({
      key,
      ttl,
      factory: async ({ skip }) => {
        const started = generation
        produced = true
        made = await make()
        // A read made while a change was being announced may predate it: answered, never kept.
        return generation === started ? made : skip()
      },
    })
    .catch(unwrapFactoryError)
  publicReads.inc({ read: key.slice(0, key.indexOf(':')), result: produced ? 'miss' : 'hit' })
  return kept ?? made ?? make()
}

/** The cache wraps what a read threw (a 404 among them): the caller answers the read's own error. */
function unwrapFactoryError(error: unknown): never {
  const { code, cause } = error as { code?: string; cause?: unknown }
  throw code === 'E_FACTORY_ERROR' && cause instanceof Error ? cause : error
}

/** Shared caches in front (a CDN) may keep them a few seconds; browsers ask again every time. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=5'

export function markShareable(response: HttpContext['response']) {
  response.header('Cache-Control', SHARED_CACHE_CONTROL)
}
