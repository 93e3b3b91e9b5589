import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'
import { roleAdmits, type RequiredRole } from '#core/roles'
import type { Actor } from '#core/actor'

/**
 * Route-level role check, after `auth`. Finer rules (own agency, own booking) live in
 * the module's policy.
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { role: RequiredRole; message?: string }) {
    const user = ctx.auth.user as Actor | undefined
    if (!user) throw AppError.unauthorized()
    if (!roleAdmits(options.role, user.role)) throw AppError.forbidden(options.message)
    return next()
  }
}
