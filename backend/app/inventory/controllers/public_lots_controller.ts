import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Lot from '#inventory/models/lot'
import Development from '#inventory/models/development'
import Developments from '#inventory/queries/developments'
import HubLots from '#inventory/queries/hub_lots'
import LotsOfType from '#inventory/queries/lots_of_type'
import {
  serializeDevelopment,
  serializePricedLot,
  serializeLotRow,
  serializeLotsOfType,
  withWaitlist,
} from '#inventory/transformers/lot_transformer'
import { lineFigures } from '#inventory/ports'
import { listedPrices } from '#inventory/queries/prices_in_force'
import { AppError } from '#core/errors'
import { sendJsonText } from '#core/json'
import { markShareable, publicLotRead } from '#inventory/public_reads'
import { lotShownToPublic, showsUnreleased } from '#inventory/public_visibility'

/** The request's query string as a stable key (the same filters in any order are one read). */
function queryKey(qs: Record<string, unknown>) {
  return JSON.stringify(Object.entries(qs).sort(([a], [b]) => a.localeCompare(b)))
}

export default class PublicLotsController {
  @inject()
  async hub({ request, response }: HttpContext, hubLots: HubLots) {
    const qs = request.qs()
    const read = await publicLotRead(`hub:${queryKey(qs)}`, async () => {
      const { rows, waitlist, prices } = await hubLots.handle({
        typeCode: qs.type ?? qs.typeCode,
        status: qs.status,
        priceBand: qs.priceBand ?? qs.price,
        minPrice: qs.minPrice,
        maxPrice: qs.maxPrice,
        q: qs.q,
      })
      return rows.map((row) => withWaitlist(serializeLotRow(row, prices), waitlist.get(row.id)))
    })
    const count = read.rows ?? 0
    response.header('Content-Range', `lots 0-${Math.max(count - 1, 0)}/${count}`)
    markShareable(response)
    sendJsonText(response, read.body)
  }

  @inject()
  async ofType({ params, response }: HttpContext, lotsOfType: LotsOfType) {
    const read = await publicLotRead(`type:${params.property}:${params.typeId}`, async () =>
      serializeLotsOfType(await lotsOfType.handle(params.property, params.typeId))
    )
    markShareable(response)
    sendJsonText(response, read.body)
  }

  async show({ params, response }: HttpContext) {
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')
    // A lot its development hides until released is not found by visitors (bookings refuse it anyway).
    if (!lot.isReleased) {
      const development = await Development.find(lot.developmentId)
      if (development && !lotShownToPublic(lot, development)) throw AppError.notFound('Lot not found')
    }
    markShareable(response)
    const [waitlist, prices] = await Promise.all([lineFigures([lot.id]), listedPrices([lot.id])])
    return withWaitlist(serializePricedLot(lot, prices), waitlist.get(lot.id))
  }

  @inject()
  async developments({ response }: HttpContext, developments: Developments) {
    const list = await developments.list()
    markShareable(response)
    return list.map(({ development, figures }) => serializeDevelopment(development, figures))
  }

  @inject()
  async development({ params, response }: HttpContext, developments: Developments) {
    // Its figures are counts of its lots: shared like them, and dropped with them.
    const read = await publicLotRead(`development:${params.property}`, async () => {
      const { development, figures } = await developments.find(String(params.property))
      return serializeDevelopment(development, figures)
    })
    markShareable(response)
    sendJsonText(response, read.body)
  }

  async units({ params, response }: HttpContext) {
    const development = await Development.find(params.propertyId)
    if (!development) throw AppError.notFound('Property not found')
    const units = await Lot.query()
      .where('development_id', development.id)
      .where('kind', 'unit')
      .where('status', 'available')
      .if(!showsUnreleased(development), (query) => query.where('is_released', true))
      .orderBy('lot_number_sort')
      .orderBy('id')
    const prices = await listedPrices(units.map((unit) => unit.id))
    markShareable(response)
    return units.map((unit) => serializePricedLot(unit, prices))
  }
}
