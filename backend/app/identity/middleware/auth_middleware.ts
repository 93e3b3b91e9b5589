import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { authenticateRequest } from '#identity/services/sign_in_service'

/** Denies the request (401 JSON) unless a live cookie session or bearer token signs it. */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await authenticateRequest(ctx, { required: true })
    return next()
  }
}
