import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'

/** What an answer that says nothing about caching gets, and every error. */
export const NOT_STORED = 'private, no-store'

const INSTANCE_NAME = env.get('INSTANCE_NAME')

/**
 * What every request to the API goes through first, in one middleware (each one more is a
 * container lookup and a promise hop on every request, /api/users/me among them):
 *
 * - JSON only: the backend only speaks JSON, so errors are always rendered as JSON.
 * - The container knows this request's HttpContext and Logger (`@inject()` in controllers).
 * - `nosniff` on every answer, so no JSON body or upload is ever read by a browser as HTML or
 *   script; and a Cache-Control fit for it. A route that knows its answer may be kept says so
 *   itself (the public lot reads, `markShareable`; the portfolio's images); anything else may
 *   be about the person asking and is `private, no-store`, and so is every error, whatever the
 *   route had set before it failed (an outage's 503 or a 404 must never be replayed by a
 *   shared cache). The public reads skip the session and shield middlewares
 *   (start/kernel.ts `stateful`) but not this.
 * - Every cookie set on an HTTPS request carries the Secure flag, whatever APP_URL says: the
 *   product is often served over HTTPS by a proxy in front of the gateway, which tells us so
 *   in X-Forwarded-Proto (read only from trusted proxies, config/app.ts `trustProxy`).
 * - `X-Instance: <INSTANCE_NAME>` on every answer when INSTANCE_NAME is set: which of several
 *   instances behind a load balancer served a request (operators reading a response, the
 *   cluster proof in scripts/cluster.test.ts). Set on the Node response itself, so the answers
 *   written outside the framework's response (Transmit's event streams) carry it too.
 */
export default class ApiRequestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    request.request.headers.accept = 'application/json'
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    response.header('X-Content-Type-Options', 'nosniff')
    if (INSTANCE_NAME) response.response.setHeader('X-Instance', INSTANCE_NAME)
    if (request.secure()) secureCookies(response)
    try {
      await next()
    } finally {
      if (response.getStatus() >= 400 || !response.getHeader('Cache-Control')) {
        response.header('Cache-Control', NOT_STORED)
      }
    }
  }
}

function secureCookies(response: HttpContext['response']) {
  const { cookie, plainCookie, encryptedCookie, clearCookie } = response
  response.cookie = (key, value, options) => cookie.call(response, key, value, { ...options, secure: true })
  response.plainCookie = (key, value, options) => plainCookie.call(response, key, value, { ...options, secure: true })
  response.encryptedCookie = (key, value, options) =>
    encryptedCookie.call(response, key, value, { ...options, secure: true })
  response.clearCookie = (key, options) => clearCookie.call(response, key, { ...options, secure: true })
}
