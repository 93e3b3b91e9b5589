import { inject } from '@adonisjs/core'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#identity/models/user'
import { AppError } from '#core/errors'
import SignInThrottle, { type SignInAttempt } from '#identity/services/sign_in_throttle'
import WarnTargetedAccount from '#identity/actions/warn_targeted_account'
import {
  CHALLENGE_EXPIRED,
  INVALID_TWO_FACTOR_CODE,
  challengeMatches,
  challengeSpent,
  isEnabled,
  issueChallenge,
  readChallenge,
  spendChallenge,
  verifySecondFactor,
} from '#identity/services/two_factor'

export const INVALID_CREDENTIALS = 'Invalid credentials. Please try again.'

export type CredentialsInput = SignInAttempt & { password: string }
export type SecondStepInput = Omit<SignInAttempt, 'email'> & {
  challenge: string
  code?: string | null
  recoveryCode?: string | null
}

/** The password step's outcome: signed in, or a second step (TOTP) still to pass. */
export type PasswordStep = { user: User; challenge: null } | { user: User; challenge: string }

/**
 * Checks an email and password (timing-safe) within the sign-in limits; the owner of an account being
 * guessed at is told by email. With two-step sign-in on, the right password only answers a challenge; it
 * does not clear the address's failures, and a wrong code counts as a failed sign-in, so codes are guessed
 * no faster than passwords.
 */
@inject()
export default class AuthenticateCredentials {
  constructor(
    private throttle: SignInThrottle,
    private warnOwner: WarnTargetedAccount
  ) {}

  async handle({ password, ...attempt }: CredentialsInput): Promise<PasswordStep> {
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
    let secondStep: boolean
    try {
      secondStep = await isEnabled(user.id)
    } catch (error) {
      await this.throttle.release(admission).catch(() => {})
      throw error
    }
    if (secondStep) {
      await this.throttle.release(admission)
      return { user, challenge: issueChallenge(user) }
    }
    await this.throttle.succeeded(admission)
    await user.load('agency')
    return { user, challenge: null }
  }

  /** The code step: the challenge from the password step plus a TOTP code or a recovery code. */
  async secondStep({ challenge, code, recoveryCode, ...attempt }: SecondStepInput): Promise<User> {
    const claim = readChallenge(challenge)
    const user = claim ? await User.find(claim.userId) : null
    if (!claim || !user || !challengeMatches(user, claim) || (await challengeSpent(claim))) {
      throw AppError.invalid('challenge', CHALLENGE_EXPIRED)
    }

    const admission = await this.throttle.admit({ ...attempt, email: user.email.trim().toLowerCase() })
    let verified: boolean
    try {
      verified = await verifySecondFactor(user.id, { code, recoveryCode })
    } catch (error) {
      await this.throttle.release(admission).catch(() => {})
      throw error
    }
    if (!verified) {
      const targeted = await this.throttle.failed(admission)
      if (targeted) await this.warnOwner.handle(targeted)
      throw AppError.invalid(code ? 'code' : 'recoveryCode', INVALID_TWO_FACTOR_CODE)
    }
    await this.throttle.succeeded(admission)
    if (!(await spendChallenge(claim))) throw AppError.invalid('challenge', CHALLENGE_EXPIRED)
    await user.load('agency')
    return user
  }
}
