import { defineConfig } from '@adonisjs/shield'
import type { HttpContext } from '@adonisjs/core/http'
import { SESSION_COOKIE, sentCookie } from '#identity/services/sessionless'

/**
 * CSRF protects cookie-authenticated writes. A request that carries no session cookie
 * (an API client with a bearer token, a first sign-in) cannot ride on a victim's
 * session, so it is exempt.
 */
function carriesNoSession({ request }: HttpContext) {
  return !sentCookie(request.header('cookie'), SESSION_COOKIE)
}

const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    exceptRoutes: carriesNoSession,
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
