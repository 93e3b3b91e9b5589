import Lot from '#inventory/models/lot'
import { applyLotFilters, whereInShopLotHub, type LotFilters } from '#inventory/filters'
import type { LotRow } from '#inventory/transformers/lot_transformer'
import { lineFigures } from '#inventory/ports'
import { listedPrices } from '#inventory/queries/prices_in_force'
import { whereShownToPublic } from '#inventory/public_visibility'

export default class HubLots {
  async handle(filters: LotFilters) {
    const query = Lot.query().where('kind', 'lot')
    whereInShopLotHub(query)
    applyLotFilters(query, filters)
    whereShownToPublic(query)
    // Plain rows: the hub is the hottest public read, model hydration is not needed.
    const rows = await query.orderBy('unit_number_sort', 'asc').orderBy('id', 'asc').limit(500).pojo<LotRow>()
    const lotIds = rows.map((row) => row.id)
    return { rows, waitlist: await lineFigures(lotIds), prices: await listedPrices(lotIds) }
  }
}
