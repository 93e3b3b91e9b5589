import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import AdonisShieldMiddleware from '@adonisjs/shield/shield_middleware'
import type { ShieldConfig } from '@adonisjs/shield/types'
import { isSessionless } from '#identity/services/sessionless'

let headersOnly: AdonisShieldMiddleware | undefined

/**
 * The framework's shield (config/shield.ts), except that a request with no session to protect
 * (`isSessionless`) gets only its response headers: a CSRF secret needs a session to live in,
 * and making one per request (and encrypting it into an XSRF cookie nobody keeps) was most
 * of shield's cost.
 */
@inject()
export default class ShieldMiddleware {
  constructor(protected shield: AdonisShieldMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (!isSessionless(ctx.request)) return this.shield.handle(ctx, next)
    headersOnly ??= new AdonisShieldMiddleware(
      { ...app.config.get<ShieldConfig>('shield'), csrf: { enabled: false } },
      encryption.use()
    )
    return headersOnly.handle(ctx, next)
  }
}
