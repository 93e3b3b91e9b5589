import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'
import env from '#start/env'
import { AppError } from '#core/errors'

/**
 * Per user and per address, each per minute; the address limit is generous since a sales gallery puts many
 * agents behind one address. The row lock decides who gets a lot; this only keeps a crowd from hammering it.
 */
export default class BookingAttemptsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const userId = ctx.auth.user?.id
    await attempt(`booking:user:${userId}`, Number(env.get('BOOKING_ATTEMPTS_PER_USER', 10)))
    await attempt(`booking:ip:${ctx.request.ip()}`, Number(env.get('BOOKING_ATTEMPTS_PER_ADDRESS', 300)))
    return next()
  }
}

async function attempt(key: string, requests: number) {
  try {
    await limiter.use({ requests, duration: '1 min' }).consume(key)
  } catch (error) {
    if (!(error instanceof errors.E_TOO_MANY_REQUESTS)) throw error
    const seconds = Math.max(1, Math.ceil(error.response.availableIn))
    throw AppError.tooManyRequests(
      `Too many booking attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      seconds
    )
  }
}
