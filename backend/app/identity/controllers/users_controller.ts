import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListUsers from '#identity/queries/list_users'
import { serializeUser } from '#identity/transformers/user_transformer'

export default class UsersController {
  @inject()
  async index(ctx: HttpContext, listUsers: ListUsers) {
    const users = await listUsers.handle(ctx)
    return users.map(serializeUser)
  }
}
