import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import { tracing } from '#core/tracing'

server.errorHandler(() => import('#core/exceptions/handler'))

/** JSON only, the container's request bindings, the answer headers, Secure cookies over HTTPS (one middleware). */
server.use([() => import('#core/middleware/api_request_middleware')])

/**
 * The framework's body parser; a body over its limit is read to the end before its 413 (answers always arrive).
 * With tracing on, first the request's span named by its route pattern and given the request id.
 */
router.use([
  ...(tracing.started ? [() => import('#core/middleware/trace_request_middleware')] : []),
  () => import('#core/middleware/body_parser_middleware'),
])

export const middleware = router.named({
  /** Session, shield, authenticator and bouncer in one (#identity/middleware/stateful_middleware). */
  stateful: () => import('#identity/middleware/stateful_middleware'),
  auth: () => import('#identity/middleware/auth_middleware'),
  silentAuth: () => import('#identity/middleware/silent_auth_middleware'),
  bookingAttempts: () => import('#bookings/middleware/booking_attempts_middleware'),
})

/**
 * What a route needs to know who is asking: the cookie session, CSRF protection, auth and
 * bouncer. Public reads (the hub, lot pages, shared views) skip it: the session commit on
 * every response is the main per-request cost. An anonymous or bearer request through it
 * stores no session and sets no session cookie (#identity/middleware/stateful_middleware).
 */
export const stateful = () => [middleware.stateful()]
