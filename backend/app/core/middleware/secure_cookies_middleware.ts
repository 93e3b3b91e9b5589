import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Every cookie set on an HTTPS request carries the Secure flag, whatever APP_URL says: the
 * product is often served over HTTPS by a proxy in front of the gateway, which tells us so
 * in X-Forwarded-Proto (read only from trusted proxies, config/app.ts `trustProxy`).
 */
export default class SecureCookiesMiddleware {
  handle({ request, response }: HttpContext, next: NextFn) {
    if (request.secure()) {
      const { cookie, plainCookie, encryptedCookie, clearCookie } = response
      response.cookie = (key, value, options) => cookie.call(response, key, value, { ...options, secure: true })
      response.plainCookie = (key, value, options) =>
        plainCookie.call(response, key, value, { ...options, secure: true })
      response.encryptedCookie = (key, value, options) =>
        encryptedCookie.call(response, key, value, { ...options, secure: true })
      response.clearCookie = (key, options) => clearCookie.call(response, key, { ...options, secure: true })
    }
    return next()
  }
}
