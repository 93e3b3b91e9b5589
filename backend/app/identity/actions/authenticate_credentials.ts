import limiter from '@adonisjs/limiter/services/main'
import User from '#identity/models/user'
import { AppError } from '#core/errors'

export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.'

/**
 * Checks an email and password (timing-safe, scrypt). Failed attempts are counted per
 * address and email in the database, so the limit holds across backend instances.
 */
export default class AuthenticateCredentials {
  static readonly maxFailures = 10
  static readonly window = '15 mins'

  async handle(email: string, password: string, ip: string): Promise<User> {
    const attempts = limiter.use({
      requests: AuthenticateCredentials.maxFailures,
      duration: AuthenticateCredentials.window,
      blockDuration: AuthenticateCredentials.window,
    })
    const key = `login:${ip}:${email}`
    const [throttled, user] = await attempts.penalize(key, async () => {
      try {
        return await User.verifyCredentials(email, password)
      } catch {
        throw new AppError(INVALID_CREDENTIALS, 401)
      }
    })
    if (throttled) {
      const minutes = Math.max(1, Math.ceil(throttled.response.availableIn / 60))
      throw AppError.tooManyRequests(
        `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        throttled.response.availableIn
      )
    }
    await attempts.delete(key)
    await user.load('agency')
    return user
  }
}
