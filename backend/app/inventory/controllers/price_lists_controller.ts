import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import Development from '#inventory/models/development'
import DevelopmentPolicy from '#inventory/policies/development_policy'
import { PublishPriceList } from '#inventory/actions/publish_price_list'
import { publishPriceListValidator } from '#inventory/validators/price_list'
import { priceListVersion, priceListVersions } from '#inventory/queries/price_lists'
import { serializePriceListEntry, serializePriceListVersion } from '#inventory/transformers/price_list_transformer'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'

async function findDevelopment(id: unknown) {
  const development = await Development.find(id)
  if (!development) throw AppError.notFound('Property not found')
  return development
}

/** A development's price lists: versions published with an effective time, never edited. */
export default class PriceListsController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(DevelopmentPolicy).authorize('managePriceLists')
    const development = await findDevelopment(ctx.params.id)
    const versions = await priceListVersions(ctx, development.id)
    const now = DateTime.utc()
    return versions.map((version) => serializePriceListVersion(version, now))
  }

  async show({ bouncer, params }: HttpContext) {
    await bouncer.with(DevelopmentPolicy).authorize('managePriceLists')
    const development = await findDevelopment(params.id)
    const { version, entries } = await priceListVersion(development.id, Number(params.versionId))
    return { ...serializePriceListVersion(version, DateTime.utc()), entries: entries.map(serializePriceListEntry) }
  }

  @inject()
  async store(ctx: HttpContext, publish: PublishPriceList) {
    await ctx.bouncer.with(DevelopmentPolicy).authorize('managePriceLists')
    const development = await findDevelopment(ctx.params.id)
    const input = await ctx.request.validateUsing(publishPriceListValidator)
    const version = await publish.handle(development, input, auditBy(ctx))
    return ctx.response.created({
      message: 'Price list published.',
      ...serializePriceListVersion(version, DateTime.utc()),
    })
  }
}
