import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import User from '#identity/models/user'
import ListUsers from '#identity/queries/list_users'
import UserStatisticsQuery from '#identity/queries/user_statistics'
import RegisterUser from '#identity/actions/register_user'
import UpdateUser from '#identity/actions/update_user'
import DeleteUser from '#identity/actions/delete_user'
import ResetTwoFactor from '#identity/actions/reset_two_factor'
import { proveOwnerValidator } from '#identity/validators/two_factor'
import { isEnabled } from '#identity/services/two_factor'
import UserPolicy from '#identity/policies/user_policy'
import { clientLookupValidator, createUserValidator, updateUserValidator } from '#identity/validators/user'
import { serializeMaskedContact, serializeUser, serializeUserContact } from '#identity/transformers/user_transformer'
import { isOwnAgencyPerson } from '#identity/clients'
import { auditBy } from '#audit'
import { isSuperAdmin } from '#core/roles'
import { AppError } from '#core/errors'

export default class UsersController {
  @inject()
  async index(ctx: HttpContext, listUsers: ListUsers) {
    await ctx.bouncer.with(UserPolicy).authorize('viewAny')
    const params = listUsers.params(ctx)
    await ctx.bouncer.with(UserPolicy).authorize('list', params.filter)
    const actor = ctx.auth.user as User
    const users = await listUsers.handle(ctx, params, actor)
    if (isSuperAdmin(actor.role)) return users.map(serializeUser)
    return users.map((user) => agentView(actor, user))
  }

  /**
   * The create-booking form's client, named by their exact email: the one person, with full
   * contact details, when the asker may book for them (404 none, 403 with the reason otherwise).
   */
  async lookup(ctx: HttpContext) {
    await ctx.bouncer.with(UserPolicy).authorize('viewAny')
    const { identifier } = await ctx.request.validateUsing(clientLookupValidator)
    const user = await User.query().where('email', identifier).first()
    if (!user) throw AppError.notFound('No user has this email address.')
    await ctx.bouncer.with(UserPolicy).authorize('view', user)
    return serializeUserContact(user)
  }

  @inject()
  async stats(ctx: HttpContext, statistics: UserStatisticsQuery) {
    await ctx.bouncer.with(UserPolicy).authorize('manage')
    return statistics.handle()
  }

  /** A super admin reads any account; an agent admin looks up one client of the create-booking form. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(UserPolicy).authorize('viewAny')
    const user = await User.query().where('id', ctx.params.id).preload('agency').first()
    if (!user) throw AppError.notFound('User not found')
    await ctx.bouncer.with(UserPolicy).authorize('view', user)
    const actor = ctx.auth.user as User
    if (!isSuperAdmin(actor.role)) return agentView(actor, user)
    return { ...serializeUser(user), twoFactorEnabled: await isEnabled(user.id) }
  }

  @inject()
  async store(ctx: HttpContext, registerUser: RegisterUser) {
    await ctx.bouncer.with(UserPolicy).authorize('manage')
    const payload = await ctx.request.validateUsing(createUserValidator)
    const user = await registerUser.handle(payload, auditBy(ctx))
    return ctx.response.created({ ...serializeUser(user), message: `User ${user.name} created successfully` })
  }

  @inject()
  async update(ctx: HttpContext, updateUser: UpdateUser) {
    await ctx.bouncer.with(UserPolicy).authorize('manage')
    const userId = Number(ctx.params.id)
    const payload = await ctx.request.validateUsing(updateUserValidator, { meta: { userId } })
    const user = await updateUser.handle(ctx.auth.user as User, userId, payload, auditBy(ctx))
    return { ...serializeUser(user), message: 'User updated successfully' }
  }

  @inject()
  async destroy(ctx: HttpContext, deleteUser: DeleteUser) {
    await ctx.bouncer.with(UserPolicy).authorize('manage')
    const user = await deleteUser.handle(ctx.auth.user as User, Number(ctx.params.id), auditBy(ctx))
    return { ...serializeUser(user), message: 'User deleted successfully' }
  }

  /** Turns another account's two-step sign-in off (its owner lost their authenticator). */
  @inject()
  async resetTwoFactor(ctx: HttpContext, resetTwoFactor: ResetTwoFactor) {
    await ctx.bouncer.with(UserPolicy).authorize('manage')
    const proof = await ctx.request.validateUsing(proveOwnerValidator)
    const user = await resetTwoFactor.handle(Number(ctx.params.id), proof, auditBy(ctx))
    return { message: `Two-step sign-in for ${user.name} is reset. They can sign in with their password.` }
  }
}

/** An agent admin sees their own agency's people in full, anyone else masked (the exact lookup names them). */
function agentView(actor: User, user: User) {
  return isOwnAgencyPerson(actor, user) ? serializeUserContact(user) : serializeMaskedContact(user)
}
