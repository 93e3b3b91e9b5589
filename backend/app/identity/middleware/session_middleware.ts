import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Session } from '@adonisjs/session'
import AdonisSessionMiddleware from '@adonisjs/session/session_middleware'
import { isSessionless, sentCookie } from '#identity/services/sessionless'

/**
 * Shield's CSRF guard puts a fresh secret into every session it sees, so every request
 * through it used to store a session row and set a session cookie: anonymous visitors
 * (the storefront asks `GET /api/users/me` for each page it renders) and API clients with
 * a bearer token alike. A secret nobody's session depends on is worth nothing: CSRF only
 * guards requests that carry the session cookie (config/shield.ts), and a sign-in stores
 * the secret along with itself.
 */
const CSRF_SECRET_KEY = 'csrf-secret'
const XSRF_COOKIE = 'XSRF-TOKEN'

/** True when the session holds nothing but the CSRF secret and flash messages. */
export function holdsNothingToKeep(session: Session): boolean {
  return Object.keys(session.all() ?? {}).every((key) => key === CSRF_SECRET_KEY || key === session.flashKey)
}

/**
 * The framework's session middleware, except that a session is stored only when it holds
 * something worth keeping (a sign-in, or any value a route put there). Otherwise nothing
 * is written, no session or XSRF cookie is set, and a session the request came with (a
 * sign-in that just ended or expired, a stale cookie) is deleted and its cookie cleared.
 * A request that has no session and cannot start one (`isSessionless`) skips it altogether.
 */
@inject()
export default class SessionMiddleware {
  constructor(protected sessions: AdonisSessionMiddleware<Record<string, never>>) {}

  async handle(ctx: HttpContext, next: NextFn) {
    // Nothing to read and nothing to start: `ctx.session` stays unset.
    if (isSessionless(ctx.request)) return next()
    let discarded = false
    const output = await this.sessions.handle(ctx, async () => {
      const result = await next()
      if (ctx.session?.initiated && holdsNothingToKeep(ctx.session)) {
        discarded = true
        // Committing an empty session writes nothing and deletes the row it was read from.
        ctx.session.clear()
        ctx.session.responseFlashMessages.clear()
      }
      return result
    })
    if (discarded) forgetSessionCookies(ctx)
    return output
  }
}

/** Takes back the cookies of a session that was not kept, and clears the one the browser sent. */
function forgetSessionCookies({ request, response, session }: HttpContext) {
  const { cookieName, cookie: options } = session.config
  const kept = ([] as string[])
    .concat((response.getHeader('set-cookie') as string[] | string | undefined) ?? [])
    .filter((line) => !line.startsWith(`${cookieName}=`) && !line.startsWith(`${XSRF_COOKIE}=`))
  if (kept.length) response.header('set-cookie', kept)
  else response.removeHeader('set-cookie')
  if (sentCookie(request.header('cookie'), cookieName)) response.clearCookie(cookieName, options)
}
