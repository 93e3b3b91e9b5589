import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** What an answer that says nothing about caching gets, and every error. */
export const NOT_STORED = 'private, no-store'

/**
 * The headers every API answer carries, the public reads that skip the session and shield
 * middlewares included (start/kernel.ts `stateful`): `nosniff`, so no JSON body or upload is
 * ever read by a browser as HTML or script; and a Cache-Control fit for it. A route that
 * knows its answer may be kept says so itself (the public lot reads, `markShareable`; the
 * portfolio's images); anything else may be about the person asking and is `private,
 * no-store`, and so is every error, whatever the route had set before it failed (an
 * outage's 503 or a 404 must never be replayed by a shared cache).
 */
export default class ApiHeadersMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('X-Content-Type-Options', 'nosniff')
    try {
      await next()
    } finally {
      if (response.getStatus() >= 400 || !response.getHeader('Cache-Control')) {
        response.header('Cache-Control', NOT_STORED)
      }
    }
  }
}
