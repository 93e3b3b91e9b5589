import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { authenticateRequest } from '#identity/services/sign_in_service'

export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await authenticateRequest(ctx, { required: false })
    return next()
  }
}
