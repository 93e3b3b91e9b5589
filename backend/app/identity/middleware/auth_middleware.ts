import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'
import type User from '#identity/models/user'
import { authenticateRequest } from '#identity/services/sign_in_service'
import { TWO_FACTOR_SETUP_REQUIRED, mustEnrol, requiredFor } from '#identity/services/two_factor'

/**
 * What a super admin who must set up two-step sign-in (TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS)
 * may still reach: their own account, their session, and the setup itself.
 */
const OPEN_BEFORE_SETUP = new Set([
  '/api/users/me',
  '/api/auth/session',
  '/api/auth/session/extend',
  '/api/auth/two-factor',
  '/api/auth/two-factor/setup',
  '/api/auth/two-factor/confirm',
])

export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await authenticateRequest(ctx, { required: true })
    const user = ctx.auth.user as User
    if (requiredFor(user) && !OPEN_BEFORE_SETUP.has(ctx.route?.pattern ?? '') && (await mustEnrol(user))) {
      throw AppError.forbidden(TWO_FACTOR_SETUP_REQUIRED)
    }
    return next()
  }
}
