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

// The framework's session and shield middlewares are built once per process: made per request by the
// container they cost every request, bearer and anonymous reads included.

/**
 * Shield's CSRF guard puts a fresh secret into every session it sees, which would store a session row and
 * set a cookie for every anonymous visitor and bearer client. CSRF only guards requests carrying the session
 * cookie, and a sign-in stores the secret with itself.
 */
const CSRF_SECRET_KEY = 'csrf-secret'
const XSRF_COOKIE = 'XSRF-TOKEN'

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

export function holdsNothingToKeep(session: Session): boolean {
  return Object.keys(session.all() ?? {}).every((key) => key === CSRF_SECRET_KEY || key === session.flashKey)
}

export default class StatefulMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { sessions, shield, headersOnly, auth } = parts ?? (await frameworkParts())
    const identify = () => {
      ctx.auth = auth.createAuthenticator(ctx)
      ctx.bouncer = new Bouncer<User, NoAbilities, NoPolicies>(
        () => (ctx.auth.user as User | undefined) ?? null,
        {},
        {}
      ).setContainerResolver(ctx.containerResolver)
      return next()
    }

    // Sessionless: nothing to read or start, and only shield's headers (a CSRF secret needs a session).
    if (isSessionless(ctx.request)) return headersOnly.handle(ctx, identify)

    // Stored only when it holds something worth keeping; otherwise no session or XSRF cookie is set, and a
    // stale session the request came with is deleted and its cookie cleared.
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

/** Takes back the session and XSRF cookies about to be set; clears the one the browser sent (its row is gone). */
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
