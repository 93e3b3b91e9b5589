import type { AuthorizationResponse } from '@adonisjs/bouncer'
import { AppError } from '#core/errors'

/**
 * A rule that must see locked rows is still a policy ability: the action locks, asks the policy, and hands
 * the answer here inside its transaction; a denial renders as the bouncer's would.
 */
export function authorizeLocked(answer: boolean | AuthorizationResponse): void {
  if (answer === true) return
  if (answer === false) throw AppError.forbidden()
  if (answer.authorized) return
  throw answer.message ? new AppError(answer.message, answer.status ?? 403) : AppError.forbidden()
}
