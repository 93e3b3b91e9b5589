import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { serializeUserContact } from '#identity'
import ListAgencyAgentAdmins from '#agencies/queries/list_agency_agent_admins'
import Agency from '#agencies/models/agency'
import ListActiveAgencies from '#agencies/queries/list_active_agencies'
import { publicAgentAdminsValidator } from '#agencies/validators/agency'
import { serializeAgencyProfile, serializeAgencySummary } from '#agencies/transformers/agency_transformer'
import { AppError } from '#core/errors'

export default class PublicAgenciesController {
  @inject()
  async index(_ctx: HttpContext, listActiveAgencies: ListActiveAgencies) {
    return (await listActiveAgencies.handle()).map(serializeAgencySummary)
  }

  async show(ctx: HttpContext) {
    return serializeAgencyProfile(await findActiveAgency(ctx.params.id))
  }

  @inject()
  async agentAdmins(ctx: HttpContext, listAgentAdmins: ListAgencyAgentAdmins) {
    const { agencyId } = await ctx.request.validateUsing(publicAgentAdminsValidator)
    const agency = await findActiveAgency(agencyId)
    return (await listAgentAdmins.handle(agency.id)).map(serializeUserContact)
  }
}

async function findActiveAgency(id: unknown): Promise<Agency> {
  const agency = await Agency.query().where('id', Number(id)).where('is_active', true).first()
  if (!agency) throw AppError.notFound('Agency not found')
  return agency
}
