import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { AccessToken } from '@adonisjs/auth/access_tokens'
import { errors as authErrors } from '@adonisjs/auth'
import { AppError, SESSION_EXPIRED_MESSAGE } from '#core/errors'
import User from '#identity/models/user'
import { rememberDevice } from '#identity/services/known_devices'
import { announceAccessEnded } from '#identity/events'

/** A sign-in lasts 24 hours unless extended, never past 30 days from the login. */
export const SIGN_IN_TTL_HOURS = 24
export const SESSION_WINDOW_DAYS = 30
const TOKEN_PREFIX = 'oat_'
/** The browser session's pointer to its sign-in (an access token's id). */
export const SESSION_TOKEN_KEY = 'signInTokenId'
/** Kept until the next sign-in: a page's other requests, after the first ended the session, still hear why. */
const SIGN_IN_EXPIRED_KEY = 'signInExpired'

/**
 * Every sign-in is an access token row (a browser's session holds its id), so expiry, extension and
 * revocation work the same for both, and signing out ends the session the storefront and backoffice share.
 */
export async function startSignIn(ctx: HttpContext, user: User) {
  const token = await User.accessTokens.create(user, ['*'], { name: 'sign-in' })
  // A client that signs its requests with a bearer token keeps to it: no browser session.
  if (ctx.session) {
    await ctx.auth.use('web').login(user)
    ctx.session.put(SESSION_TOKEN_KEY, String(token.identifier))
    ctx.session.forget(SIGN_IN_EXPIRED_KEY)
    rememberDevice(ctx, user.email)
  }
  return { token: token.value!.release(), accessToken: token }
}

export async function endSignIn(ctx: HttpContext) {
  const user = ctx.auth.user as User | undefined
  const tokenId = currentTokenId(ctx)
  if (user && tokenId) await User.accessTokens.delete(user, tokenId)
  if (ctx.session && (ctx.auth.authenticatedViaGuard === 'web' || ctx.session.has(SESSION_TOKEN_KEY))) {
    await ctx.auth.use('web').logout()
    ctx.session.forget(SESSION_TOKEN_KEY)
    ctx.session.regenerate()
  }
  if (user) await announceAccessEnded({ userId: user.id, cause: 'sign_out' })
}

/** Pushes the expiry 24 hours ahead, capped by the 30-day window. */
export async function extendSignIn(ctx: HttpContext): Promise<AccessToken> {
  const user = ctx.auth.user as User
  const tokenId = currentTokenId(ctx)
  const token = tokenId ? await User.accessTokens.find(user, tokenId) : null
  if (!token) throw AppError.unauthorized(SESSION_EXPIRED_MESSAGE)
  const windowEndsAt = DateTime.fromJSDate(token.createdAt).plus({ days: SESSION_WINDOW_DAYS })
  const extended = DateTime.min(DateTime.now().plus({ hours: SIGN_IN_TTL_HOURS }), windowEndsAt)
  await db
    .from('auth_access_tokens')
    .where('id', String(token.identifier))
    .update({ expires_at: extended.toJSDate(), updated_at: new Date() })
  token.expiresAt = extended.toJSDate()
  return token
}

/** The request's sign-in (its access token); 401 when it has none any more. */
export async function currentSignIn(ctx: HttpContext): Promise<AccessToken> {
  const user = ctx.auth.user as User
  const tokenId = currentTokenId(ctx)
  const token = tokenId ? await User.accessTokens.find(user, tokenId) : null
  if (!token) throw AppError.unauthorized(SESSION_EXPIRED_MESSAGE)
  return token
}

/** `required` turns a missing or dead sign-in into a 401. */
export async function authenticateRequest(ctx: HttpContext, { required }: { required: boolean }) {
  const bearer = readBearer(ctx)
  if (bearer !== null) {
    try {
      await ctx.auth.authenticateUsing(['api'])
    } catch (error) {
      if (!isSignedOut(error)) throw error
      if (required) throw await bearerFailure(bearer)
    }
    return
  }
  // No session cookie and none to start (identity/services/sessionless.ts): nobody signed in.
  if (!ctx.session) {
    if (required) throw AppError.unauthorized()
    return
  }

  try {
    await ctx.auth.authenticateUsing(['web'])
  } catch (error) {
    if (!isSignedOut(error)) throw error
    if (required)
      throw AppError.unauthorized(ctx.session.get(SIGN_IN_EXPIRED_KEY) ? SESSION_EXPIRED_MESSAGE : undefined)
    return
  }

  const user = ctx.auth.user as User
  const tokenId = ctx.session.get(SESSION_TOKEN_KEY) as string | undefined
  const token = tokenId ? await User.accessTokens.find(user, tokenId) : null
  if (token && !token.isExpired()) return

  await ctx.auth.use('web').logout()
  ctx.session.forget(SESSION_TOKEN_KEY)
  if (token) ctx.session.put(SIGN_IN_EXPIRED_KEY, true)
  if (required) {
    throw token ? AppError.unauthorized(SESSION_EXPIRED_MESSAGE) : AppError.unauthorized()
  }
}

/** Only a sign-in the guards refused means "signed out"; a database that cannot answer is an outage (503), not a 401. */
function isSignedOut(error: unknown): boolean {
  return error instanceof authErrors.E_UNAUTHORIZED_ACCESS
}

export function currentTokenId(ctx: HttpContext): string | undefined {
  const user = ctx.auth.user as User | undefined
  if (ctx.auth.authenticatedViaGuard === 'api' && user?.currentAccessToken) {
    return String(user.currentAccessToken.identifier)
  }
  return ctx.session?.get(SESSION_TOKEN_KEY) as string | undefined
}

function readBearer(ctx: HttpContext): string | null {
  const header = ctx.request.header('authorization')
  if (!header) return null
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' ? (value ?? '') : null
}

/** A token that exists but ran out says so, so clients can offer a fresh login. */
async function bearerFailure(value: string): Promise<AppError> {
  const decoded = AccessToken.decode(TOKEN_PREFIX, value)
  if (decoded) {
    const row = await db.from('auth_access_tokens').where('id', decoded.identifier).select('expires_at').first()
    if (row?.expires_at && new Date(row.expires_at) <= new Date()) {
      return AppError.unauthorized(SESSION_EXPIRED_MESSAGE)
    }
  }
  return AppError.unauthorized()
}
