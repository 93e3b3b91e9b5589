import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { auditBy } from '#audit'
import Agency from '#agencies/models/agency'
import AgencyPolicy from '#agencies/policies/agency_policy'
import ListAgencies from '#agencies/queries/list_agencies'
import CreateAgency from '#agencies/actions/create_agency'
import UpdateAgency from '#agencies/actions/update_agency'
import DeleteAgency from '#agencies/actions/delete_agency'
import { createAgencyValidator, updateAgencyValidator } from '#agencies/validators/agency'
import {
  serializeAgency,
  serializeAgencyDeletion,
  serializeAgencySummary,
} from '#agencies/transformers/agency_transformer'
import { AppError } from '#core/errors'

export default class AgenciesController {
  @inject()
  async index(ctx: HttpContext, listAgencies: ListAgencies) {
    const seesAll = await ctx.bouncer.with(AgencyPolicy).allows('viewAll')
    const agencies = await listAgencies.handle(ctx, { activeOnly: !seesAll })
    return agencies.map(seesAll ? serializeAgency : serializeAgencySummary)
  }

  async show(ctx: HttpContext) {
    await ctx.bouncer.with(AgencyPolicy).authorize('administer')
    const agency = await Agency.find(ctx.params.id)
    if (!agency) throw AppError.notFound('Agency not found')
    await ctx.bouncer.with(AgencyPolicy).authorize('view', agency)
    return serializeAgency(agency)
  }

  @inject()
  async store(ctx: HttpContext, createAgency: CreateAgency) {
    await ctx.bouncer.with(AgencyPolicy).authorize('manage')
    const payload = await ctx.request.validateUsing(createAgencyValidator)
    return ctx.response.created(serializeAgency(await createAgency.handle(payload, auditBy(ctx))))
  }

  @inject()
  async update(ctx: HttpContext, updateAgency: UpdateAgency) {
    await ctx.bouncer.with(AgencyPolicy).authorize('manage')
    const agencyId = Number(ctx.params.id)
    const payload = await ctx.request.validateUsing(updateAgencyValidator, { meta: { agencyId } })
    const agency = await updateAgency.handle(agencyId, payload, auditBy(ctx))
    return { ...serializeAgency(agency), message: 'Agency updated successfully' }
  }

  @inject()
  async destroy(ctx: HttpContext, deleteAgency: DeleteAgency) {
    await ctx.bouncer.with(AgencyPolicy).authorize('delete')
    const { agency, ...outcome } = await deleteAgency.handle(ctx.auth.user as User, Number(ctx.params.id), auditBy(ctx))
    return serializeAgencyDeletion(agency, 'Agency deleted successfully.', outcome)
  }
}
