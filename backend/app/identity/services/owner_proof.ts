import hash from '@adonisjs/core/services/hash'
import limiter from '@adonisjs/limiter/services/main'
import { AppError } from '#core/errors'
import type User from '#identity/models/user'
import { INVALID_TWO_FACTOR_CODE, isEnabled, verifySecondFactor } from '#identity/services/two_factor'

/** What a signed-in person offers to show they are the account's owner, not someone holding their session. */
export type OwnerProof = { password?: string | null; code?: string | null; recoveryCode?: string | null }

export const PASSWORD_REQUIRED = 'Enter your current password to confirm.'
export const PASSWORD_INCORRECT = 'Current password is incorrect'
export const SECOND_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code.'

/**
 * Failed proofs on one account, whatever route they came through: a stolen session guesses the
 * password or a code no faster than a sign-in from one address would.
 */
const PROOF_LIMIT = { failures: 5, window: '15 mins' }

const failures = () =>
  limiter.use({ requests: PROOF_LIMIT.failures, duration: PROOF_LIMIT.window, blockDuration: PROOF_LIMIT.window })
const proofKey = (user: User) => `owner-proof:${user.id}`

/** Call before any change to how the account signs in: 422 naming the failed field, 429 at the limit. */
export async function proveOwner(user: User, proof: OwnerProof, passwordField = 'password'): Promise<void> {
  const limit = failures()
  const counted = await limit.get(proofKey(user))
  if (counted && counted.remaining <= 0) throw tooManyProofs(counted.availableIn)

  if (!proof.password) throw AppError.invalid(passwordField, PASSWORD_REQUIRED)
  if (!(await hash.verify(user.password, proof.password))) {
    await countFailure(user)
    // 422, not 401: a wrong current password must not look like a lost sign-in.
    throw AppError.invalid(passwordField, PASSWORD_INCORRECT)
  }
  if (await isEnabled(user.id)) {
    if (!proof.code && !proof.recoveryCode) throw AppError.invalid('code', SECOND_FACTOR_REQUIRED)
    if (!(await verifySecondFactor(user.id, proof))) {
      await countFailure(user)
      throw AppError.invalid(proof.code ? 'code' : 'recoveryCode', INVALID_TWO_FACTOR_CODE)
    }
  }
  await limit.delete(proofKey(user))
}

async function countFailure(user: User) {
  const limit = failures()
  const { consumed, limit: allowed } = await limit.increment(proofKey(user))
  if (consumed >= allowed) await limit.block(proofKey(user), PROOF_LIMIT.window)
}

function tooManyProofs(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return AppError.tooManyRequests(
    `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.max(1, seconds)
  )
}
