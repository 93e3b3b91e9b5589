import { inject } from '@adonisjs/core'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#identity/models/user'
import { AppError } from '#core/errors'
import SignInThrottle, { type SignInAttempt } from '#identity/services/sign_in_throttle'
import WarnTargetedAccount from '#identity/actions/warn_targeted_account'

export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.'

export type CredentialsInput = SignInAttempt & { password: string }

/**
 * Checks an email and password (timing-safe, scrypt), within the sign-in limits
 * (per address, per account, known devices: services/sign_in_throttle.ts). An account that
 * starts being guessed at has its owner told by email.
 */
@inject()
export default class AuthenticateCredentials {
  constructor(
    private throttle: SignInThrottle,
    private warnOwner: WarnTargetedAccount
  ) {}

  async handle({ password, ...attempt }: CredentialsInput): Promise<User> {
    const admission = await this.throttle.admit(attempt)
    let user: User
    try {
      user = await User.verifyCredentials(attempt.email, password)
    } catch (error) {
      if (!(error instanceof authErrors.E_INVALID_CREDENTIALS)) {
        await this.throttle.release(admission).catch(() => {})
        throw error
      }
      const targeted = await this.throttle.failed(admission)
      if (targeted) await this.warnOwner.handle(targeted)
      throw new AppError(INVALID_CREDENTIALS, 401)
    }
    await this.throttle.succeeded(admission)
    await user.load('agency')
    return user
  }
}
