import type { HttpContext } from '@adonisjs/core/http'
import type User from '#identity/models/user'
import { presentUser } from '#identity/transformers/user_transformer'
import { serializeSession } from '#identity/transformers/session_transformer'
import { currentSignIn, extendSignIn } from '#identity/services/sign_in_service'

export default class SessionController {
  async show(ctx: HttpContext) {
    const user = ctx.auth.user as User
    return { user: await presentUser(user), session: serializeSession(await currentSignIn(ctx)) }
  }

  async extend(ctx: HttpContext) {
    const user = ctx.auth.user as User
    return { user: await presentUser(user), session: serializeSession(await extendSignIn(ctx)) }
  }
}
