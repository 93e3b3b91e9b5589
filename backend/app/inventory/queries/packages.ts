import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import PricePackage from '#inventory/models/price_package'
import { bestOffer, discountOf, mayCombine, totalDiscount } from '#inventory/packages'
import { priceInForce } from '#inventory/queries/prices_in_force'
import { paginate, parseListParams, readFilter } from '#core/listing'
import { AppError, type FieldError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export const PACKAGE_NOT_FOUND = 'Package not found'

const listFilter = vine.create({
  developmentId: vine.number().withoutDecimals().min(1).max(2_147_483_647).optional(),
  state: vine.enum(['scheduled', 'in_force', 'ended', 'retired'] as const).optional(),
})

/** Packages, by development and state, sorted and paged in SQL on the (development_id, valid_from, id) index. */
export async function listPackages(ctx: HttpContext) {
  const params = parseListParams(
    ctx,
    { validFrom: 'valid_from', validUntil: 'valid_until', name: 'name', id: 'id', createdAt: 'created_at' },
    ['validFrom', 'DESC']
  )
  const filter = await readFilter(listFilter, params.filter)
  const now = sqlDateTime(DateTime.utc())
  const query = PricePackage.query()
  if (filter.developmentId) query.where('development_id', filter.developmentId)
  if (filter.state === 'retired') query.whereNotNull('retired_at')
  else if (filter.state) {
    query.whereNull('retired_at')
    if (filter.state === 'scheduled') query.where('valid_from', '>', now)
    if (filter.state === 'in_force') inForceSql(query, now)
    if (filter.state === 'ended') query.where('valid_until', '<=', now)
  }
  return paginate(ctx, 'packages', query, params)
}

function inForceSql(query: ReturnType<typeof PricePackage.query>, at: string) {
  query
    .whereNull('retired_at')
    .where('valid_from', '<=', at)
    .where((until) => until.whereNull('valid_until').orWhere('valid_until', '>', at))
}

/** The lots a package names (none when it applies to all the development's lots). */
export async function packageLotIds(
  packageIds: number[],
  client?: QueryClientContract
): Promise<Map<number, number[]>> {
  const lots = new Map<number, number[]>(packageIds.map((id) => [id, []]))
  if (packageIds.length === 0) return lots
  const rows: Array<{ package_id: number; lot_id: number }> = await (client ?? db)
    .from('price_package_lots')
    .whereIn('package_id', packageIds)
    .orderBy('lot_id')
    .select('package_id', 'lot_id')
  for (const row of rows) lots.get(Number(row.package_id))?.push(Number(row.lot_id))
  return lots
}

export async function findPackage(id: number | string, client?: QueryClientContract) {
  if (!/^\d{1,10}$/.test(String(id))) throw AppError.notFound(PACKAGE_NOT_FOUND)
  const found = await PricePackage.query({ client }).where('id', id).first()
  if (!found) throw AppError.notFound(PACKAGE_NOT_FOUND)
  return found
}

/** The development's packages that apply to the lot (all its lots, or naming it), not retired, in force at `at`. */
export async function packagesForLot(
  lot: { id: number; developmentId: number },
  at: DateTime = DateTime.utc(),
  client?: QueryClientContract
): Promise<PricePackage[]> {
  const query = PricePackage.query({ client }).where('development_id', lot.developmentId)
  inForceSql(query, sqlDateTime(at))
  return query
    .where((lots) =>
      lots
        .where('all_lots', true)
        .orWhereExists((named) =>
          named
            .from('price_package_lots')
            .whereColumn('price_package_lots.package_id', 'price_packages.id')
            .where('price_package_lots.lot_id', lot.id)
        )
    )
    .orderBy('valid_from')
    .orderBy('id')
}

/** The person a booking is for: a verified Bumiputera buyer gets the Bumiputera packages. */
export type Buyer = { bumiputeraStatus: string } | null

export function eligible(terms: { eligibility: string }, buyer: Buyer): boolean {
  return terms.eligibility === 'everyone' || buyer?.bumiputeraStatus === 'verified'
}

/** What a booking form offers for a lot and a buyer: each package they may have, and the best offer. */
export async function offerFor(lot: { id: number; developmentId: number; price: number | null }, buyer: Buyer) {
  const priceSen = await priceInForce(lot)
  if (priceSen === null) return { priceSen, packages: [] as PricePackage[], offer: [] as PricePackage[] }
  const packages = (await packagesForLot(lot)).filter((terms) => eligible(terms, buyer))
  return { priceSen, packages, offer: bestOffer(packages, priceSen) }
}

/** A booking's price: the price in force, the packages applied with each one's discount, the net price. */
export type PackagedPrice = {
  priceSen: number | null
  discountSen: number | null
  netPriceSen: number | null
  applied: Array<{ package: PricePackage; discountSen: number }>
}

function refuse(field: string, message: string): never {
  const errors: FieldError[] = [{ field, message }]
  throw new AppError(message, 422, errors)
}

/** Why a package named on a request cannot apply to this lot and buyer now, or null. */
function whyNot(found: PricePackage | undefined, offered: Set<number>, buyer: Buyer, at: DateTime): string | null {
  if (!found) return 'This package does not apply to this lot.'
  if (offered.has(found.id)) return null
  const name = `The package "${found.name}"`
  if (found.retiredAt) return `${name} has been withdrawn.`
  if (found.validFrom > at) return `${name} is not in force yet.`
  if (found.validUntil && found.validUntil <= at) return `${name} has expired.`
  if (!eligible(found, buyer)) return `${name} is only for verified Bumiputera buyers.`
  return `${name} does not apply to this lot.`
}

/**
 * The packages a booking request gets (docs/prices.md, "Packages"). Named (`packageIds`): those, each
 * in force, for this lot and this buyer, and together only if they combine; a verified Bumiputera buyer's
 * combinable Bumiputera packages are added to them. Not named: the best offer for the buyer. Read in the
 * request's transaction after its lot and buyer are locked.
 */
export async function priceWithPackages(
  lot: { id: number; developmentId: number },
  buyer: Buyer,
  priceSen: number | null,
  packageIds: number[] | undefined,
  client?: TransactionClientContract,
  at: DateTime = DateTime.utc()
): Promise<PackagedPrice> {
  const named = [...new Set(packageIds ?? [])]
  if (priceSen === null) {
    if (named.length) refuse('packageIds', 'This lot has no price: no package can apply to it.')
    return { priceSen, discountSen: null, netPriceSen: null, applied: [] }
  }
  const offered = (await packagesForLot(lot, at, client)).filter((terms) => eligible(terms, buyer))
  let chosen: PricePackage[]
  if (packageIds === undefined) {
    chosen = bestOffer(offered, priceSen)
  } else {
    const offeredIds = new Set(offered.map((terms) => terms.id))
    const rows = named.length
      ? await PricePackage.query({ client }).whereIn('id', named).where('development_id', lot.developmentId)
      : []
    const byId = new Map(rows.map((row) => [row.id, row]))
    named.forEach((id, index) => {
      const reason = whyNot(byId.get(id), offeredIds, buyer, at)
      if (reason) refuse(`packageIds.${index}`, reason)
    })
    const picked = named.map((id) => byId.get(id)!)
    if (!mayCombine(picked)) {
      const alone = picked.find((terms) => !terms.combinable)!
      refuse('packageIds', `The package "${alone.name}" cannot be combined with other packages.`)
    }
    // Given to a verified Bumiputera buyer without asking, where it may join what they chose.
    const automatic = offered.filter((terms) => terms.eligibility === 'bumiputera' && !named.includes(terms.id))
    if (picked.length === 0) chosen = bestOffer(automatic, priceSen)
    else if (picked.every((terms) => terms.combinable)) {
      chosen = [...picked, ...automatic.filter((terms) => terms.combinable)]
    } else chosen = picked
  }
  const discountSen = totalDiscount(chosen, priceSen)
  return {
    priceSen,
    discountSen,
    netPriceSen: priceSen - discountSen,
    applied: chosen.map((terms) => ({ package: terms, discountSen: discountOf(terms, priceSen) })),
  }
}
