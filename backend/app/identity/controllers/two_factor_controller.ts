import type { HttpContext } from '@adonisjs/core/http'
import type User from '#identity/models/user'
import { AppError } from '#core/errors'
import TwoFactorPolicy from '#identity/policies/two_factor_policy'
import { confirmTwoFactorValidator, proveOwnerValidator } from '#identity/validators/two_factor'
import {
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_ON,
  confirmSetup,
  disable,
  isEnabled,
  regenerateRecoveryCodes,
  startSetup,
  status,
} from '#identity/services/two_factor'
import { proveOwner } from '#identity/services/owner_proof'
import notifyAccountChange from '#identity/actions/notify_account_change'

/**
 * Every change but the confirmation asks for the password (and the second factor when on), so a stolen
 * session cannot take the account over. Nothing here is cached: setup and recovery codes are shown once.
 */
export default class TwoFactorController {
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    noStore(ctx)
    return status(ctx.auth.user as User)
  }

  async start(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const user = ctx.auth.user as User
    const proof = await ctx.request.validateUsing(proveOwnerValidator)
    if (await isEnabled(user.id)) throw AppError.conflict(TWO_FACTOR_ALREADY_ON)
    await proveOwner(user, proof)
    noStore(ctx)
    return startSetup(user)
  }

  async confirm(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const { code } = await ctx.request.validateUsing(confirmTwoFactorValidator)
    noStore(ctx)
    const user = ctx.auth.user as User
    const recoveryCodes = await confirmSetup(user, code)
    await notifyAccountChange(user, 'two_factor_on')
    return { message: 'Two-step sign-in is on.', enabled: true, recoveryCodes }
  }

  async recoveryCodes(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const user = await ownerWithTwoFactor(ctx)
    noStore(ctx)
    const recoveryCodes = await regenerateRecoveryCodes(user)
    await notifyAccountChange(user, 'recovery_codes_renewed')
    return { message: 'New recovery codes created. The old ones no longer work.', recoveryCodes }
  }

  async disable(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const user = await ownerWithTwoFactor(ctx)
    if (await disable(user.id)) await notifyAccountChange(user, 'two_factor_off')
    return { message: 'Two-step sign-in is off.', enabled: false }
  }
}

/** The signed-in owner, proved by password and second factor, of an account with two-step sign-in on. */
async function ownerWithTwoFactor(ctx: HttpContext): Promise<User> {
  const user = ctx.auth.user as User
  const proof = await ctx.request.validateUsing(proveOwnerValidator)
  if (!(await isEnabled(user.id))) throw AppError.invalid('code', TWO_FACTOR_NOT_ON)
  await proveOwner(user, proof)
  return user
}

function noStore({ response }: HttpContext) {
  response.header('Cache-Control', 'no-store')
}
