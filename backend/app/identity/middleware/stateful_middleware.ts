import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
// Its types add `ctx.auth` (the authenticator is made here, as that middleware does).
import type {} from '@adonisjs/auth/initialize_auth_middleware'
import { Bouncer } from '@adonisjs/bouncer'
import type { Session } from '@adonisjs/session'
import AdonisSessionMiddleware from '@adonisjs/session/session_middleware'
import AdonisShieldMiddleware from '@adonisjs/shield/shield_middleware'
import type { ShieldConfig } from '@adonisjs/shield/types'
import type { AuthService } from '@adonisjs/auth/types'
import type User from '#identity/models/user'
import { isSessionless, sentCookie } from '#identity/services/sessionless'

/**
 * What a route needs to know who is asking, in one middleware (start/kernel.ts `stateful()`):
 * the cookie session, shield, the authenticator and the bouncer, in that order.
 *
 * One middleware instead of four, and the framework's session and shield middlewares built
 * once per process: each used to be made by the container for every request (shield's five
 * guards built anew each time), bearer and anonymous reads included, which then used neither.
 * Their state is configuration; each request's own lives on `ctx`.
 */

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

/** No named abilities and no pre-registered policies: policies are used by class. */
type NoAbilities = Record<string, never>
type NoPolicies = Record<string, never>

interface FrameworkParts {
  sessions: AdonisSessionMiddleware<Record<string, never>>
  shield: AdonisShieldMiddleware
  /** Shield for a request with no session to protect: its response headers, no CSRF. */
  headersOnly: AdonisShieldMiddleware
  auth: AuthService
}

let parts: FrameworkParts | undefined

async function frameworkParts(): Promise<FrameworkParts> {
  const [sessions, shield, auth] = await Promise.all([
    app.container.make(AdonisSessionMiddleware),
    app.container.make(AdonisShieldMiddleware),
    app.container.make('auth.manager'),
  ])
  const headersOnly = new AdonisShieldMiddleware(
    { ...app.config.get<ShieldConfig>('shield'), csrf: { enabled: false } },
    encryption.use()
  )
  parts ??= { sessions: sessions as FrameworkParts['sessions'], shield, headersOnly, auth }
  return parts as FrameworkParts
}

/** True when the session holds nothing but the CSRF secret and flash messages. */
export function holdsNothingToKeep(session: Session): boolean {
  return Object.keys(session.all() ?? {}).every((key) => key === CSRF_SECRET_KEY || key === session.flashKey)
}

export default class StatefulMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { sessions, shield, headersOnly, auth } = parts ?? (await frameworkParts())
    const identify = () => {
      // A request's authenticator, then a bouncer over its user (policies are used by class:
      // `bouncer.with(LotPolicy)`).
      ctx.auth = auth.createAuthenticator(ctx)
      ctx.bouncer = new Bouncer<User, NoAbilities, NoPolicies>(
        () => (ctx.auth.user as User | undefined) ?? null,
        {},
        {}
      ).setContainerResolver(ctx.containerResolver)
      return next()
    }

    // A request that has no session and cannot start one (`isSessionless`): nothing to read and
    // nothing to start (`ctx.session` stays unset), and only shield's headers, since a CSRF
    // secret needs a session to live in.
    if (isSessionless(ctx.request)) return headersOnly.handle(ctx, identify)

    // The framework's session, except that it is stored only when it holds something worth
    // keeping (a sign-in, or any value a route put there). Otherwise nothing is written, no
    // session or XSRF cookie is set, and a session the request came with (a sign-in that just
    // ended or expired, a stale cookie) is deleted and its cookie cleared.
    let discarded = false
    const output = await sessions.handle(ctx, async () => {
      const result = await shield.handle(ctx, identify)
      if (ctx.session?.initiated && holdsNothingToKeep(ctx.session)) {
        discarded = true
        ctx.session.clear()
        ctx.session.responseFlashMessages.clear()
      }
      return result
    })
    if (discarded) forgetSessionCookies(ctx)
    return output
  }
}

/**
 * Takes back the session and XSRF cookies the response was about to set, and clears the
 * session cookie the browser sent (its row was just destroyed).
 */
function forgetSessionCookies({ request, response, session }: HttpContext) {
  const { cookieName, cookie: options } = session.config
  const kept = ([] as string[])
    .concat((response.getHeader('set-cookie') as string[] | string | undefined) ?? [])
    .filter((line) => !line.startsWith(`${cookieName}=`) && !line.startsWith(`${XSRF_COOKIE}=`))
  if (kept.length) response.header('set-cookie', kept)
  else response.removeHeader('set-cookie')
  if (sentCookie(request.header('cookie'), cookieName)) response.clearCookie(cookieName, options)
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<User, NoAbilities, NoPolicies>
  }
}
