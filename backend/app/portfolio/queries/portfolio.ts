import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { User } from '#identity'
import { listedPrices } from '#inventory'
import AgentProperty, { type PropertyStatus } from '#portfolio/models/agent_property'
import type { PortfolioSort } from '#portfolio/validators/agent_property'

type PropertyQuery = ModelQueryBuilderContract<typeof AgentProperty>

export type PortfolioFilters = {
  search?: string | null
  status?: PropertyStatus | 'all' | null
  sort?: PortfolioSort | null
}

export type PortfolioStats = {
  totalProperties: number
  activeProperties: number
  soldProperties: number
  totalShares: number
}

/** The portfolio holds at most this many rows per answer; the stats always count them all. */
export const PORTFOLIO_LIMIT = 500

const ORDERS: Record<PortfolioSort, Array<[string, 'asc' | 'desc']>> = {
  dateOwned: [
    ['date_owned', 'desc'],
    ['id', 'desc'],
  ],
  name: [
    ['display_name', 'asc'],
    ['id', 'asc'],
  ],
  price: [
    ['price', 'desc'],
    ['id', 'desc'],
  ],
  shares: [
    ['share_count', 'desc'],
    ['date_owned', 'desc'],
    ['id', 'desc'],
  ],
}

/** For `.where()` (requirements: decisions.md#d10-agent-properties). */
export function inPortfolioOf(agent: User) {
  return (scope: PropertyQuery) => {
    scope.where('agent_admin_id', agent.id)
    if (agent.agencyId !== null) {
      scope.orWhere((shared) => shared.where('source', 'agency').where('agency_id', agent.agencyId!))
    }
  }
}

export function sharedByAgency(agencyId: number, publicOnly = false) {
  return (query: PropertyQuery) => {
    query.where('agency_id', agencyId).where('source', 'agency')
    if (publicOnly) query.where('is_public', true)
  }
}

export function withCardDetails(query: PropertyQuery) {
  return query.preload('lot').preload('owner').preload('images')
}

/** The price lists' prices of the properties' lots, in one query: the screens show each lot's price in force. */
export function lotPricesOf(properties: AgentProperty[]) {
  return listedPrices(properties.flatMap((property) => (property.lotId === null ? [] : [property.lotId])))
}

export async function readPortfolio(agent: User, filters: PortfolioFilters) {
  const [properties, stats] = await Promise.all([listPortfolio(agent, filters), portfolioStats(agent)])
  return { properties, stats, prices: await lotPricesOf(properties) }
}

async function listPortfolio(agent: User, filters: PortfolioFilters) {
  const query = AgentProperty.query().where(inPortfolioOf(agent))
  const search = filters.search?.trim()
  if (search) {
    const term = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    query.where((match) =>
      match
        .whereRaw('agent_properties.display_name LIKE ? ESCAPE ?', [term, '\\'])
        .orWhereRaw('agent_properties.lot_number LIKE ? ESCAPE ?', [term, '\\'])
        .orWhereHas('lot', (lot) =>
          lot
            .whereRaw('lots.lot_number LIKE ? ESCAPE ?', [term, '\\'])
            .orWhereRaw('lots.unit_number LIKE ? ESCAPE ?', [term, '\\'])
        )
    )
  }
  if (filters.status && filters.status !== 'all') query.where('status', filters.status)
  for (const [column, direction] of ORDERS[filters.sort ?? 'dateOwned']) query.orderBy(column, direction)
  return withCardDetails(query).limit(PORTFOLIO_LIMIT)
}

/** Counted over the whole portfolio, not the filtered view. */
async function portfolioStats(agent: User): Promise<PortfolioStats> {
  const row = await AgentProperty.query()
    .where(inPortfolioOf(agent))
    .pojo<Record<string, unknown>>()
    .select(
      db.raw('COUNT(*) AS total_properties'),
      db.raw("SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END) AS active_properties"),
      db.raw("SUM(CASE WHEN status = 'sold' THEN 1 ELSE 0 END) AS sold_properties"),
      db.raw('SUM(share_count) AS total_shares')
    )
    .first()
  const number = (value: unknown) => Number(value ?? 0)
  return {
    totalProperties: number(row?.total_properties),
    activeProperties: number(row?.active_properties),
    soldProperties: number(row?.sold_properties),
    totalShares: number(row?.total_shares),
  }
}
