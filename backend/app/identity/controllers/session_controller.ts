import type { HttpContext } from '@adonisjs/core/http'
import type User from '#identity/models/user'
import { presentUser } from '#identity/transformers/user_transformer'
import { currentSessionInfo, extendSignIn } from '#identity/services/sign_in_service'

export default class SessionController {
  async show(ctx: HttpContext) {
    const user = ctx.auth.user as User
    return { user: await presentUser(user), session: await currentSessionInfo(ctx) }
  }

  async extend(ctx: HttpContext) {
    const user = ctx.auth.user as User
    return { user: await presentUser(user), session: await extendSignIn(ctx) }
  }
}
