/**
 * What a page answers when the backend fails it. A page that only lacks a side widget (the
 * hub's information card, the landing page's figures) still renders, degraded; a page that
 * cannot load its own data (the hub's lots, a lot type's lots, a shared property or agency)
 * answers 503 with the error page and Retry-After: there is nothing to show but "try again".
 * Neither is ever kept by a cache.
 *
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
import { ApiError } from '~/utils/api.server'
import { MESSAGES } from '~/utils/messages'

/** How long the browser is told to wait before trying a page that could not load again (s). */
export const RETRY_AFTER_SECONDS = 5

/** The requests whose render put a fallback in place of a backend read that failed. */
const degraded = new WeakSet<Request>()

export function markDegraded(request: Request): void {
  degraded.add(request)
}

/** The loader's answer: `no-store` when the render fell back on anything, so no cache keeps it. */
export function pageData<T>(request: Request, payload: T) {
  return data(payload, degraded.has(request) ? { headers: { 'Cache-Control': 'no-store' } } : undefined)
}

/**
 * Whether a failed backend read means the page cannot have its data now: no answer, no answer
 * in time, an answer that is not the API's, or a server failure (the backend's 503 during a
 * database outage among them). A 4xx is an answer (not found, not allowed) and is not this.
 */
export function isBackendUnavailable(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false
  return error.kind !== 'http' || error.status >= 500
}

/**
 * The 503 a loader throws when its page cannot load its data: the error page, retry later, never cached.
 * With the failure's `reference` (its request's id in the logs), the error page shows it for support.
 */
export function pageUnavailable(message: string = MESSAGES.serviceUnavailable, reference?: string | null) {
  return data(reference ? { message, reference } : { message }, {
    status: 503,
    headers: { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) },
  })
}

/**
 * The page's own data: when the backend cannot give it, the loader throws `pageUnavailable(message)`
 * (the spec's load-failure text of the page); any other failure is the caller's to handle.
 */
export async function requirePageData<T>(read: Promise<T>, message: string): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error
    console.error(`${message} ${error.message}${error.reference ? ` (request_id ${error.reference})` : ''}`)
    throw pageUnavailable(message, error.reference)
  }
}

/**
 * A route's `headers`: the loader's Cache-Control onto the document (and the single-fetch data);
 * for an error the loader threw (`pageUnavailable`), its Cache-Control and Retry-After.
 */
export const cacheControlHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) => {
  const headers = new Headers()
  const cacheControl =
    errorHeaders?.get('Cache-Control') ?? loaderHeaders.get('Cache-Control') ?? parentHeaders.get('Cache-Control')
  if (cacheControl !== null) headers.set('Cache-Control', cacheControl)
  const retryAfter = errorHeaders?.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
