import type { AuthorizationResponse } from '@adonisjs/bouncer'
import { AppError } from '#core/errors'

/**
 * The after-lock check. A rule that must see rows as they are locked (`forUpdate`) is a policy
 * ability too: the action locks first, asks the policy about the locked rows, and hands the
 * answer here, inside its transaction. A denial leaves as the request's bouncer renders one:
 * the policy's status and message, or 403 with the default message for a bare `false`.
 */
export function authorizeLocked(answer: boolean | AuthorizationResponse): void {
  if (answer === true) return
  if (answer === false) throw AppError.forbidden()
  if (answer.authorized) return
  throw answer.message ? new AppError(answer.message, answer.status ?? 403) : AppError.forbidden()
}
