import type { HttpContext } from '@adonisjs/core/http'
import type User from '#identity/models/user'
import TwoFactorPolicy from '#identity/policies/two_factor_policy'
import { confirmTwoFactorValidator, proveOwnerValidator } from '#identity/validators/two_factor'
import { confirmSetup, disable, regenerateRecoveryCodes, startSetup, status } from '#identity/services/two_factor'

/**
 * A staff member's own two-step sign-in (TOTP): its state, setting it up (start, then confirm
 * with a code), new recovery codes, turning it off. Super admins and agent admins only
 * (TwoFactorPolicy). Nothing here is cached: setup and recovery codes are shown once.
 */
export default class TwoFactorController {
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    noStore(ctx)
    return status(ctx.auth.user as User)
  }

  async start(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    noStore(ctx)
    return startSetup(ctx.auth.user as User)
  }

  async confirm(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const { code } = await ctx.request.validateUsing(confirmTwoFactorValidator)
    noStore(ctx)
    const recoveryCodes = await confirmSetup(ctx.auth.user as User, code)
    return { message: 'Two-step sign-in is on.', enabled: true, recoveryCodes }
  }

  async recoveryCodes(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const proof = await ctx.request.validateUsing(proveOwnerValidator)
    noStore(ctx)
    const recoveryCodes = await regenerateRecoveryCodes(ctx.auth.user as User, proof)
    return { message: 'New recovery codes created. The old ones no longer work.', recoveryCodes }
  }

  async disable(ctx: HttpContext) {
    await ctx.bouncer.with(TwoFactorPolicy).authorize('manage')
    const proof = await ctx.request.validateUsing(proveOwnerValidator)
    await disable(ctx.auth.user as User, proof)
    return { message: 'Two-step sign-in is off.', enabled: false }
  }
}

function noStore({ response }: HttpContext) {
  response.header('Cache-Control', 'no-store')
}
