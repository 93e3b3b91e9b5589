import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type User from '#identity/models/user'
import { changePasswordValidator, updateProfileValidator } from '#identity/validators/user'
import { presentUser, serializeUser } from '#identity/transformers/user_transformer'
import UpdateProfile from '#identity/actions/update_profile'
import ChangePassword from '#identity/actions/change_password'
import { currentTokenId } from '#identity/services/sign_in_service'

export default class ProfileController {
  async show({ auth }: HttpContext) {
    return presentUser(auth.user as User)
  }

  @inject()
  async update({ auth, request }: HttpContext, updateProfile: UpdateProfile) {
    const payload = await request.validateUsing(updateProfileValidator)
    return serializeUser(await updateProfile.handle(auth.user as User, payload))
  }

  @inject()
  async changePassword(ctx: HttpContext, changePassword: ChangePassword) {
    const { currentPassword, newPassword, code, recoveryCode } =
      await ctx.request.validateUsing(changePasswordValidator)
    await changePassword.handle(
      ctx.auth.user as User,
      { password: currentPassword, code, recoveryCode },
      newPassword,
      currentTokenId(ctx)
    )
    return { message: 'Password changed successfully' }
  }
}
