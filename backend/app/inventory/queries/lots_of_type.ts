import db from '@adonisjs/lucid/services/db'
import Lot from '#inventory/models/lot'
import Development from '#inventory/models/development'
import { AppError } from '#core/errors'
import { lineFigures } from '#inventory/ports'
import { listedPrices } from '#inventory/queries/prices_in_force'
import { showsUnreleased } from '#inventory/public_visibility'

export const LOT_TYPES = {
  A: { type: 'CORNER (A)', propertyType: 'Corner', label: 'Corner' },
  B: { type: 'INTERMEDIATE (B)', propertyType: 'Intermediate', label: 'Intermediate' },
  C: { type: 'END LOT (C)', propertyType: 'End Lot', label: 'End Lot' },
} as const

export type Availability = {
  available: number
  reserved: number
  booked: number
  sold: number
  /** Held back by the developer: counted, so that the cards add up to the total. */
  locked: number
  total: number
  percentageAvailable: number
}

export default class LotsOfType {
  async handle(developmentSlug: string, typeId: string) {
    const code = typeId.toUpperCase() as keyof typeof LOT_TYPES
    const lotType = LOT_TYPES[code]
    if (!lotType) throw AppError.notFound(`Unknown lot type "${typeId}". Use A, B or C.`)
    const development = await Development.findBy('slug', developmentSlug)
    if (!development) throw AppError.notFound('Property not found')

    const lots = await Lot.query()
      .where('development_id', development.id)
      .where('kind', 'lot')
      .where('type_code', code)
      .if(!showsUnreleased(development), (query) => query.where('is_released', true))
      .orderBy('unit_number_sort', 'asc')
      .orderBy('id', 'asc')

    // The cards count what the page lists: a development hiding its lots not yet released leaves them out.
    const rows = await db
      .from('lots')
      .where('development_id', development.id)
      .where('kind', 'lot')
      .where('type_code', code)
      .if(!showsUnreleased(development), (query) => query.where('is_released', true))
      .groupBy('status')
      .select('status')
      .count('* as total')
    const counts: Record<string, number> = {}
    for (const row of rows) counts[row.status] = Number(row.total)
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
    const availability: Availability = {
      available: counts.available ?? 0,
      reserved: (counts.reserved ?? 0) + (counts.pending ?? 0),
      booked: counts.booked ?? 0,
      sold: counts.sold ?? 0,
      locked: counts.locked ?? 0,
      total,
      percentageAvailable: total ? Math.round(((counts.available ?? 0) / total) * 100) : 0,
    }
    // One grouped query for every lot's line (people waiting, an offer holding the lot).
    const lotIds = lots.map((lot) => lot.id)
    const waitlist = await lineFigures(lotIds)
    const prices = await listedPrices(lotIds)
    return { development, typeId: code, lotType, lots, availability, waitlist, prices }
  }
}

export type LotsOfTypeResult = Awaited<ReturnType<LotsOfType['handle']>>
