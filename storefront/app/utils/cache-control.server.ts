/**
 * Keeps a degraded public page out of shared caches. The gateway's page cache (and any CDN
 * in front of it) keeps a public page's 200 for everybody; a page rendered with a fallback
 * because a backend read failed must not be kept, or the failure outlives the outage.
 *
 * A loader notes each fallback with `markDegraded(request)` and answers with
 * `pageData(request, payload)`: `Cache-Control: no-store` once something fell back, no
 * Cache-Control of its own otherwise. The route exports `headers = cacheControlHeaders`,
 * since a document's headers come only from the route's `headers` export.
 */
import { data } from '@remix-run/node'
import type { HeadersFunction } from '@remix-run/node'

/** The requests whose render put a fallback in place of a backend read that failed. */
const degraded = new WeakSet<Request>()

export function markDegraded(request: Request): void {
  degraded.add(request)
}

/** The loader's answer: `no-store` when the render fell back on anything, so no cache keeps it. */
export function pageData<T>(request: Request, payload: T) {
  return data(payload, degraded.has(request) ? { headers: { 'Cache-Control': 'no-store' } } : undefined)
}

/** A route's `headers`: the loader's Cache-Control onto the document (and the single-fetch data). */
export const cacheControlHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers()
  const cacheControl = loaderHeaders.get('Cache-Control') ?? parentHeaders.get('Cache-Control')
  if (cacheControl !== null) headers.set('Cache-Control', cacheControl)
  return headers
}
