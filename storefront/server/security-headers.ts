import type { RequestHandler } from 'express'

export const CSP_REPORT_PATH = '/api/csp-reports'

// The camera stays on for this origin: the booking forms take IC photos with it.
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(self), display-capture=(), encrypted-media=(), geolocation=(), ' +
  'gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), ' +
  'screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()'

export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000'

// 'unsafe-inline' styles: React's style attributes, the tours' and MUI's <style> elements; a style cannot run code.
const policy = (scriptSrc: string, connectSrc = "'self'") =>
  `default-src 'self'; script-src ${scriptSrc}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
  `font-src 'self'; connect-src ${connectSrc}; media-src 'self'; manifest-src 'self'; worker-src 'self'; ` +
  `frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; ` +
  `report-uri ${CSP_REPORT_PATH}; report-to csp`

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
}

/** A storefront page's policy: inline scripts only with this render's nonce; in development, Vite's HMR socket. */
export function pagePolicy(nonce: string, { development = false }: { development?: boolean } = {}): string {
  return policy(`'self' 'nonce-${nonce}'`, development ? "'self' ws: wss:" : undefined)
}

export const BACKOFFICE_POLICY = policy("'self'")

export const backofficePolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', BACKOFFICE_POLICY)
  next()
}

export const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
  res.setHeader('Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`)
  // req.secure believes X-Forwarded-Proto only from a trusted proxy, so a spoofed header cannot turn HSTS on.
  if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  next()
}
