import { DateTime } from 'luxon'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import type User from '#identity/models/user'
import { SESSION_WINDOW_DAYS } from '#identity/services/sign_in_service'
import { serializeUser, type UserResource } from '#identity/transformers/user_transformer'

/** When a sign-in ends unless extended, and the end of the window no extension passes. */
export type SessionResource = { expiresAt: string; windowEndsAt: string }

export function serializeSession(token: AccessToken): SessionResource {
  const windowEndsAt = DateTime.fromJSDate(token.createdAt).plus({ days: SESSION_WINDOW_DAYS })
  return {
    expiresAt: DateTime.fromJSDate(token.expiresAt ?? windowEndsAt.toJSDate())
      .toUTC()
      .toISO()!,
    windowEndsAt: windowEndsAt.toUTC().toISO()!,
  }
}

export type SignInResource = {
  token: string
  session: SessionResource
  user: UserResource
  twoFactorSetupRequired?: true
}

/** A completed sign-in: the bearer token (shown once), its session, the person; `setupRequired`: two-step sign-in first. */
export function serializeSignIn(
  started: { token: string; accessToken: AccessToken },
  user: User,
  setupRequired = false
): SignInResource {
  return {
    token: started.token,
    session: serializeSession(started.accessToken),
    user: serializeUser(user),
    ...(setupRequired ? { twoFactorSetupRequired: true as const } : {}),
  }
}
