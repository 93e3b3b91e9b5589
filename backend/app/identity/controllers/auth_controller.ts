import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { loginValidator, registerValidator } from '#identity/validators/user'
import { secondStepValidator } from '#identity/validators/two_factor'
import { serializeSignIn } from '#identity/transformers/session_transformer'
import type User from '#identity/models/user'
import RegisterUser from '#identity/actions/register_user'
import AuthenticateCredentials from '#identity/actions/authenticate_credentials'
import { endSignIn, startSignIn } from '#identity/services/sign_in_service'
import { readKnownDevice, rememberDevice } from '#identity/services/known_devices'
import TrustDevice, { DEVICE_LINK_SENT, DEVICE_TRUSTED } from '#identity/actions/trust_device'
import { deviceLinkConfirmValidator, deviceLinkRequestValidator } from '#identity/validators/device_trust'
import { mustEnrol } from '#identity/services/two_factor'

export default class AuthController {
  @inject()
  async register(ctx: HttpContext, registerUser: RegisterUser) {
    const { confirmPassword: _confirm, ...payload } = await ctx.request.validateUsing(registerValidator)
    const user = await registerUser.handle(payload)
    return ctx.response.created(serializeSignIn(await startSignIn(ctx, user), user))
  }

  /** With two-step sign-in on, it signs nobody in and answers `{ twoFactorRequired: true, challenge }`. */
  @inject()
  async login(ctx: HttpContext, authenticate: AuthenticateCredentials) {
    const { email, password } = await ctx.request.validateUsing(loginValidator)
    const step = await authenticate.handle({ email, password, ip: ctx.request.ip(), device: readKnownDevice(ctx) })
    if (step.challenge !== null) {
      ctx.response.header('Cache-Control', 'no-store')
      return { twoFactorRequired: true, challenge: step.challenge }
    }
    return signedIn(ctx, step.user)
  }

  @inject()
  async loginTwoFactor(ctx: HttpContext, authenticate: AuthenticateCredentials) {
    const { challenge, code, recoveryCode } = await ctx.request.validateUsing(secondStepValidator)
    const user = await authenticate.secondStep({
      challenge,
      code,
      recoveryCode,
      ip: ctx.request.ip(),
      device: readKnownDevice(ctx),
    })
    return signedIn(ctx, user)
  }

  /** The same 202 whether or not the email has an account. */
  @inject()
  async requestDeviceLink(ctx: HttpContext, trustDevice: TrustDevice) {
    const { email } = await ctx.request.validateUsing(deviceLinkRequestValidator)
    await trustDevice.request(email, ctx.request.ip())
    ctx.response.accepted({ message: DEVICE_LINK_SENT })
  }

  /** The cookie is also answered as `deviceCookie`, for an API client to send back. Signs nobody in. */
  @inject()
  async confirmDeviceLink(ctx: HttpContext, trustDevice: TrustDevice) {
    const { token } = await ctx.request.validateUsing(deviceLinkConfirmValidator)
    const user = await trustDevice.confirm(token)
    const deviceCookie = rememberDevice(ctx, user.email)
    ctx.response.header('Cache-Control', 'no-store')
    return { message: DEVICE_TRUSTED, deviceCookie }
  }

  async logout(ctx: HttpContext) {
    await endSignIn(ctx)
    return { message: 'Logged out successfully' }
  }
}

/** A completed sign-in; a super admin who must set up two-step sign-in first is told so. */
async function signedIn(ctx: HttpContext, user: User) {
  const started = await startSignIn(ctx, user)
  return serializeSignIn(started, user, await mustEnrol(user))
}
