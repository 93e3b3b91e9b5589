import { lotsOwnedBy, type OwnedLot } from '#bookings'
import { Lot, listedPrices, senOf } from '#inventory'
import type { User } from '#identity'
import AgentProperty from '#portfolio/models/agent_property'

/** `priceSen`: the lot's price in force (its development's price lists, else its own). */
export type OwnedLotOption = { owned: OwnedLot; lot: Lot; priceSen: number | null }

/** The lots the agent's bookings made theirs that are not yet in their catalogue. */
export async function ownedLotsNotInCatalogue(agent: User): Promise<OwnedLotOption[]> {
  const owned = await lotsOwnedBy(agent.id)
  if (owned.length === 0) return []
  const listed = await AgentProperty.query()
    .where('agent_admin_id', agent.id)
    .whereIn(
      'lot_id',
      owned.map((item) => item.lotId)
    )
    .select('lot_id')
  const inCatalogue = new Set(listed.map((row) => row.lotId))
  const remaining = owned.filter((item) => !inCatalogue.has(item.lotId))
  const lots = new Map(
    (
      await Lot.query().whereIn(
        'id',
        remaining.map((item) => item.lotId)
      )
    ).map((lot) => [lot.id, lot])
  )
  const prices = await listedPrices([...lots.keys()])
  return remaining.flatMap((item) => {
    const lot = lots.get(item.lotId)
    return lot ? [{ owned: item, lot, priceSen: prices.get(lot.id) ?? senOf(lot.price) }] : []
  })
}
