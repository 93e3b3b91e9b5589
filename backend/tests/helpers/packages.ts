import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Development, Lot } from '#inventory'
import PricePackage from '#inventory/models/price_package'

/** A package written as staff would have made it at its time (the API refuses a start in the past). */
export async function packageAt(
  development: Development,
  attributes: Partial<PricePackage> = {},
  lots: Lot[] | null = null
) {
  const created = await PricePackage.create({
    developmentId: development.id,
    name: 'Early bird 5%',
    kind: 'percent',
    percentBp: 500,
    amountSen: null,
    validFrom: DateTime.utc().minus({ days: 1 }).startOf('second'),
    validUntil: null,
    allLots: lots === null,
    combinable: true,
    eligibility: 'everyone',
    retiredAt: null,
    createdById: null,
    ...attributes,
  })
  if (lots) {
    await db.table('price_package_lots').multiInsert(lots.map((lot) => ({ package_id: created.id, lot_id: lot.id })))
  }
  return created
}
