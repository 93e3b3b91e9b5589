import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Agency } from '#agencies'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import AgentProperty from '#portfolio/models/agent_property'
import AgentPropertyPolicy from '#portfolio/policies/agent_property_policy'
import AddToCatalogue from '#portfolio/actions/add_to_catalogue'
import ShareProperty from '#portfolio/actions/share_property'
import {
  addToCatalogueValidator,
  portfolioFiltersValidator,
  sharePropertyValidator,
} from '#portfolio/validators/agent_property'
import { lotPricesOf, readPortfolio, withCardDetails } from '#portfolio/queries/portfolio'
import { ownedLotsNotInCatalogue } from '#portfolio/queries/owned_lots'
import { agencyProperties } from '#portfolio/queries/public_properties'
import { serializeAgentProperty, serializeShare } from '#portfolio/transformers/agent_property_transformer'
import { serializeOwnedLotOption } from '#portfolio/transformers/owned_lot_transformer'
import { PLATFORM_LABELS } from '#portfolio/services/share_links'
import { catalogueImages } from '#portfolio/controllers/request_images'

export const PROPERTY_NOT_FOUND = 'Property not found'

export default class AgentPropertiesController {
  async index({ auth, bouncer, request }: HttpContext) {
    await bouncer.with(AgentPropertyPolicy).authorize('manage')
    const filters = await request.validateUsing(portfolioFiltersValidator)
    const { properties, stats, prices } = await readPortfolio(auth.user as User, filters)
    return {
      success: true,
      data: { properties: properties.map((property) => serializeAgentProperty(property, prices)), stats },
    }
  }

  async owned({ auth, bouncer }: HttpContext) {
    await bouncer.with(AgentPropertyPolicy).authorize('manage')
    return (await ownedLotsNotInCatalogue(auth.user as User)).map(serializeOwnedLotOption)
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, addToCatalogue: AddToCatalogue) {
    await bouncer.with(AgentPropertyPolicy).authorize('manage')
    const input = await request.validateUsing(addToCatalogueValidator)
    const images = await catalogueImages(request)
    const created = await addToCatalogue.handle(auth.user as User, input, images)
    const property = await withCardDetails(AgentProperty.query().where('id', created.id)).firstOrFail()
    return response.created({
      message: 'Property added to catalogue successfully!',
      property: serializeAgentProperty(property, await lotPricesOf([property])),
    })
  }

  @inject()
  async share({ auth, bouncer, params, request }: HttpContext, shareProperty: ShareProperty) {
    const property = await AgentProperty.find(params.id)
    if (!property) throw AppError.notFound(PROPERTY_NOT_FOUND)
    await bouncer.with(AgentPropertyPolicy).authorize('share', property)
    const { platform } = await request.validateUsing(sharePropertyValidator)
    const shared = await shareProperty.handle(auth.user as User, property, platform)
    return {
      ...serializeShare(shared, platform),
      message: `Property shared successfully via ${PLATFORM_LABELS[platform]}`,
    }
  }

  async agency({ bouncer, params }: HttpContext) {
    const agencyId = Number(params.agencyId)
    await bouncer.with(AgentPropertyPolicy).authorize('viewAgency', agencyId)
    if (!(await Agency.find(agencyId))) throw AppError.notFound('Agency not found')
    const properties = await agencyProperties(agencyId, false)
    const prices = await lotPricesOf(properties)
    return { success: true, data: properties.map((property) => serializeAgentProperty(property, prices)) }
  }
}
