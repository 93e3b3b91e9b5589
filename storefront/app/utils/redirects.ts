/**
 * A redirect target taken from user input (`redirectTo`) is used only when it is a
 * path on this site: starts with exactly one '/', no backslash tricks, no control
 * characters. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // Browsers treat '\' as '/', and strip tabs and newlines before resolving a URL.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback
  try {
    const base = 'http://storefront.invalid'
    // Returned as given, never normalised: '/.//host' normalises to '//host'.
    return new URL(to, base).origin === base ? to : fallback
  } catch {
    return fallback
  }
}

/** The path and query of a URL, as remembered for after sign-in. */
export function originPath(url: URL): string {
  return `${url.pathname}${url.search}`
}

/** `/login?redirectTo=<origin path>`, plus `reason=expired` when the session ran out. */
export function loginPath(origin: string, options: { expired?: boolean } = {}): string {
  const params = new URLSearchParams()
  if (options.expired) params.set('reason', 'expired')
  if (origin && origin !== '/') params.set('redirectTo', origin)
  const query = params.toString()
  return query ? `/login?${query}` : '/login'
}

/** The same page in the backoffice (requirements: decisions.md#d7-backoffice-screens), keeping the query. */
export function backofficePath(path: string, search = ''): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  return `/backoffice${clean}${search}`
}
