import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { serializeUser, type User } from '#identity'
import { auditBy } from '#audit'
import ListAgencyUsers from '#agencies/queries/list_agency_users'
import Agency from '#agencies/models/agency'
import AgencyPolicy from '#agencies/policies/agency_policy'
import RemoveAgencyMember from '#agencies/actions/remove_agency_member'
import AssignAgentAdmin from '#agencies/actions/assign_agent_admin'
import RemoveAgentAdmin from '#agencies/actions/remove_agent_admin'
import { assignAgentAdminValidator } from '#agencies/validators/agency'
import { AppError } from '#core/errors'

export default class AgencyPeopleController {
  @inject()
  async index(ctx: HttpContext, listAgencyUsers: ListAgencyUsers) {
    await ctx.bouncer.with(AgencyPolicy).authorize('administer')
    const agency = await findAgency(ctx.params.id)
    await ctx.bouncer.with(AgencyPolicy).authorize('manageMembers', agency)
    return (await listAgencyUsers.handle(agency.id)).map(serializeUser)
  }

  @inject()
  async destroy(ctx: HttpContext, removeMember: RemoveAgencyMember) {
    await ctx.bouncer.with(AgencyPolicy).authorize('administer')
    const agency = await findAgency(ctx.params.id)
    await ctx.bouncer.with(AgencyPolicy).authorize('manageMembers', agency)
    const user = await removeMember.handle(ctx.auth.user as User, agency, Number(ctx.params.userId), auditBy(ctx))
    return { ...serializeUser(user), message: 'User removed from the agency successfully' }
  }

  @inject()
  async assignAgentAdmin(ctx: HttpContext, assignAgentAdmin: AssignAgentAdmin) {
    await ctx.bouncer.with(AgencyPolicy).authorize('manage')
    const { userId } = await ctx.request.validateUsing(assignAgentAdminValidator)
    const user = await assignAgentAdmin.handle(ctx.auth.user as User, Number(ctx.params.id), userId, auditBy(ctx))
    return { ...serializeUser(user), message: 'Agent admin assigned successfully' }
  }

  @inject()
  async removeAgentAdmin(ctx: HttpContext, removeAgentAdmin: RemoveAgentAdmin) {
    await ctx.bouncer.with(AgencyPolicy).authorize('manage')
    const user = await removeAgentAdmin.handle(Number(ctx.params.id), Number(ctx.params.userId), auditBy(ctx))
    return { ...serializeUser(user), message: 'Agent admin removed successfully' }
  }
}

async function findAgency(id: unknown): Promise<Agency> {
  const agency = await Agency.find(Number(id))
  if (!agency) throw AppError.notFound('Agency not found')
  return agency
}
