import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'
import { recordRequest } from '#core/metrics'
import { isDraining } from '#core/drain'

/** What an answer that says nothing about caching gets, and every error. */
export const NOT_STORED = 'private, no-store'

const INSTANCE_NAME = env.get('INSTANCE_NAME')
const TIMES_REQUESTS = env.get('METRICS_ENABLED') !== false

/**
 * Everything every API request needs first, in one middleware (each extra one is a container lookup and a
 * promise hop per request): JSON errors; the request's HttpContext and Logger in the container; `nosniff`
 * and `private, no-store` unless a route marks its answer shareable (never an error: an outage's 503 must
 * not be replayed by a shared cache); Secure cookies on HTTPS behind a trusted proxy whatever APP_URL says;
 * `X-Instance` on the Node response itself, so Transmit's streams carry it too; and the request's time for
 * the metrics, taken here once the route and the final status (an error's too) are known.
 */
export default class ApiRequestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const startedAt = TIMES_REQUESTS ? performance.now() : 0
    const { request, response } = ctx
    request.request.headers.accept = 'application/json'
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    response.header('X-Content-Type-Options', 'nosniff')
    if (INSTANCE_NAME) response.response.setHeader('X-Instance', INSTANCE_NAME)
    if (request.secure()) secureCookies(response)
    try {
      if (isDraining() && refusedWhileDraining(request)) {
        // The balancer retries a 502 elsewhere and counts it against this instance.
        return response.status(502).header('Retry-After', '1').send({ message: DRAINING_MESSAGE })
      }
      await next()
    } finally {
      if (response.getStatus() >= 400 || !response.getHeader('Cache-Control')) {
        response.header('Cache-Control', NOT_STORED)
      }
      // next() settles after the error handler has answered: the status is the one sent.
      if (TIMES_REQUESTS) recordRequest(ctx, (performance.now() - startedAt) / 1000)
    }
  }
}

export const DRAINING_MESSAGE = 'This server is stopping. Please try again.'

/** Reads are safe to send again; the health checks and metrics are about this instance. */
function refusedWhileDraining(request: HttpContext['request']): boolean {
  const method = request.method()
  if (method !== 'GET' && method !== 'HEAD') return false
  const url = request.url()
  return !url.startsWith('/api/health') && url !== '/metrics'
}

function secureCookies(response: HttpContext['response']) {
  const { cookie, plainCookie, encryptedCookie, clearCookie } = response
  response.cookie = (key, value, options) => cookie.call(response, key, value, { ...options, secure: true })
  response.plainCookie = (key, value, options) => plainCookie.call(response, key, value, { ...options, secure: true })
  response.encryptedCookie = (key, value, options) =>
    encryptedCookie.call(response, key, value, { ...options, secure: true })
  response.clearCookie = (key, options) => clearCookie.call(response, key, { ...options, secure: true })
}
