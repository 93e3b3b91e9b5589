/**
 * The browser-facing security headers of the one origin (docs/decisions/012-content-security-policy.md):
 * - every answer the gateway sends itself (pages, the backoffice, files): `nosniff`,
 *   Referrer-Policy, Permissions-Policy, where violations are reported, and HSTS when the
 *   request came over HTTPS (directly, or through a proxy the gateway trusts);
 * - the storefront's pages: a Content Security Policy with a nonce made for each render
 *   (`pagePolicy`, set by app/entry.server.tsx beside the nonce it hands to every inline
 *   script React and Remix write);
 * - the backoffice: the same policy without a nonce, as its page has no inline script.
 * `/api` answers are the backend's own (backend/app/core/middleware/api_request_middleware.ts).
 */
import type { RequestHandler } from 'express'

/** Where browsers send violation reports (backend/app/core/csp). */
export const CSP_REPORT_PATH = '/api/csp-reports'

/** The Reporting API's name for that endpoint, used by `report-to`. */
const REPORT_GROUP = 'csp'

/**
 * Powerful features nobody's page uses are off, for our pages and anything they might embed.
 * The camera stays on for this origin: the booking forms take IC photos with it
 * (`<input capture>`); fullscreen and the clipboard (the share menu's copy) keep their defaults.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** 180 days, as the backend's own (backend/config/shield.ts). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000'

type Directives = Record<string, string[]>

/**
 * What both apps' pages may load: their own scripts, styles, images, fonts and API, and
 * nothing else. `style-src` keeps 'unsafe-inline': React writes `style` attributes (the site
 * plan's pins, progress bars), the virtual tours and MUI (emotion) insert `<style>` elements
 * at run time, and the backoffice's app shell is an inline `<style>`; a style cannot run code.
 * Images also come from `blob:` (the preview of a chosen document) and `data:`.
 */
function baseDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    'report-to': [REPORT_GROUP],
  }
}

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** 128 random bits, base64: a new one for every page rendered. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The policy of a page with inline scripts: scripts from the origin, and inline scripts only
 * when they carry this render's nonce. The storefront's pages (the Remix context, route modules,
 * scroll restoration, the single-fetch stream and React's own streaming scripts), and a
 * backoffice page sent with its first view (its start script, server/backoffice.ts). In
 * development Vite's client talks to its HMR server over a WebSocket on another port.
 */
export function pagePolicy(nonce: string, { development = false }: { development?: boolean } = {}): string {
  const directives = baseDirectives()
  directives['script-src'] = ["'self'", `'nonce-${nonce}'`]
  if (development) directives['connect-src'] = ["'self'", 'ws:', 'wss:']
  return serialize(directives)
}

/** The backoffice's policy: a built single-page app whose only scripts are its files. */
export const BACKOFFICE_POLICY = serialize(baseDirectives())

export const backofficePolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', BACKOFFICE_POLICY)
  next()
}

/**
 * The headers of everything the gateway answers itself. `req.secure` is true over TLS, and
 * behind a proxy only when the gateway trusts it (`trust proxy`, GatewayOptions.trustProxy)
 * and it said `X-Forwarded-Proto: https`: HSTS over plain HTTP means nothing, and a spoofed
 * header must not turn it on.
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  // `frame-ancestors 'none'` for browsers that predate it: no page of ours is ever framed.
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
  res.setHeader('Reporting-Endpoints', `${REPORT_GROUP}="${CSP_REPORT_PATH}"`)
  if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  next()
}
