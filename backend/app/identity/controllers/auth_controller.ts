import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { loginValidator, registerValidator } from '#identity/validators/user'
import { serializeUser } from '#identity/transformers/user_transformer'
import RegisterUser from '#identity/actions/register_user'
import AuthenticateCredentials from '#identity/actions/authenticate_credentials'
import { endSignIn, startSignIn } from '#identity/services/sign_in_service'
import { readKnownDevice } from '#identity/services/known_devices'

export default class AuthController {
  @inject()
  async register(ctx: HttpContext, registerUser: RegisterUser) {
    const { confirmPassword: _confirm, ...payload } = await ctx.request.validateUsing(registerValidator)
    const user = await registerUser.handle(payload)
    const signIn = await startSignIn(ctx, user)
    return ctx.response.created({ ...signIn, user: serializeUser(user) })
  }

  @inject()
  async login(ctx: HttpContext, authenticate: AuthenticateCredentials) {
    const { email, password } = await ctx.request.validateUsing(loginValidator)
    const user = await authenticate.handle({ email, password, ip: ctx.request.ip(), device: readKnownDevice(ctx) })
    const signIn = await startSignIn(ctx, user)
    return { ...signIn, user: serializeUser(user) }
  }

  async logout(ctx: HttpContext) {
    await endSignIn(ctx)
    return { message: 'Logged out successfully' }
  }
}
