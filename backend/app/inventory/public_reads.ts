import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/**
 * The visitors' lot reads (the hub list, a lot type's lots) as sent, kept
 * for a moment and shared by everyone asking: on launch day thousands ask the same question.
 * Every committed lot status change drops them at once (`lot:status_changed`), so availability
 * is never served stale; other edits (a price) show within the sharing time (`ttlMs`).
 */

const MAX_ENTRIES = 500

/** How long a read is shared (PUBLIC_READS_TTL_MS, default 2 s; 0 turns sharing off). */
function ttlMs() {
  return Number(env.get('PUBLIC_READS_TTL_MS', 2_000))
}

type Read = { body: string; rows: number | null }

const entries = new Map<string, Read & { at: number }>()
let generation = 0

/** Listener of `lot:status_changed` (and anything else that must show at once). */
export function dropPublicLotReads() {
  entries.clear()
  generation += 1
}

/**
 * The JSON text for `key` (and, for a list, its number of rows): from the store while fresh,
 * else made by `produce` and kept.
 */
export async function publicLotRead(key: string, produce: () => Promise<unknown>): Promise<Read> {
  const ttl = ttlMs()
  const hit = entries.get(key)
  if (hit && Date.now() - hit.at < ttl) return hit
  const started = generation
  const value = await produce()
  const read = { body: JSON.stringify(value), rows: Array.isArray(value) ? value.length : null }
  // A read made while a change was being announced may predate it: answered, never kept.
  if (generation === started && ttl > 0) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    entries.set(key, { ...read, at: Date.now() })
  }
  return read
}

/**
 * The public lot reads may be kept by shared caches for a few seconds (the gateway's API cache,
 * storefront/server/api-cache.ts, drops them at once on a lot status change; a CDN in front
 * keeps them at most that long); browsers ask again every time.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=5'

export function markShareable(response: HttpContext['response']) {
  response.header('Cache-Control', SHARED_CACHE_CONTROL)
}
