import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Lot from '#inventory/models/lot'
import type { User } from '#identity'
import ListLots from '#inventory/queries/list_lots'
import LotPolicy from '#inventory/policies/lot_policy'
import { CreateLot, DeleteLot, UpdateLot } from '#inventory/actions/save_lot'
import { createLotValidator, normalizeNumbers, updateLotValidator } from '#inventory/validators/lot'
import { serializeLot, serializePricedLot, withWaitlist } from '#inventory/transformers/lot_transformer'
import { lineFigures } from '#inventory/ports'
import { listedPrices } from '#inventory/queries/prices_in_force'
import { auditBy } from '#audit'
import { AppError } from '#core/errors'

export default class LotsController {
  @inject()
  async index(ctx: HttpContext, listLots: ListLots) {
    const lots = await listLots.handle(ctx, ctx.auth.user as User)
    // Each lot's waitlist figures and price in force for the page, one query each.
    const lotIds = lots.map((lot) => lot.id)
    const [waitlist, prices] = await Promise.all([lineFigures(lotIds), listedPrices(lotIds)])
    return lots.map((lot) => withWaitlist(serializePricedLot(lot, prices), waitlist.get(lot.id)))
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, createLot: CreateLot) {
    await bouncer.with(LotPolicy).authorize('manage')
    const fields = await request.validateUsing(createLotValidator, { data: normalizeNumbers(request.body()) })
    const lot = await createLot.handle(fields, { by: auditBy({ auth, request }) })
    return response.created({ message: 'Lot created successfully.', ...serializeLot(lot) })
  }

  @inject()
  async update({ auth, bouncer, params, request }: HttpContext, updateLot: UpdateLot) {
    await bouncer.with(LotPolicy).authorize('manage')
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')
    const fields = await request.validateUsing(updateLotValidator, { data: normalizeNumbers(request.body()) })
    const updated = await updateLot.handle(lot, fields, { by: auditBy({ auth, request }) })
    return serializePricedLot(updated, await listedPrices([updated.id]))
  }

  @inject()
  async destroy({ auth, bouncer, params, request }: HttpContext, deleteLot: DeleteLot) {
    await bouncer.with(LotPolicy).authorize('manage')
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')
    await deleteLot.handle(lot, auditBy({ auth, request }))
    return { message: 'Lot deleted successfully.', id: lot.id }
  }
}
