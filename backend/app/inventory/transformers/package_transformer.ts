import type { DateTime } from 'luxon'
import type PricePackage from '#inventory/models/price_package'
import { discountOf, inForceAt, totalDiscount } from '#inventory/packages'

/** scheduled, in_force, ended or retired, at `now`. */
export function packageState(pkg: PricePackage, now: DateTime) {
  if (pkg.retiredAt) return 'retired' as const
  if (inForceAt(pkg, now)) return 'in_force' as const
  return pkg.validFrom > now ? ('scheduled' as const) : ('ended' as const)
}

/** `lotIds` null: all the development's lots. `percentBp`: basis points (500 = 5%). */
export function serializePackage(pkg: PricePackage, now: DateTime, lotIds?: number[]) {
  return {
    id: pkg.id,
    developmentId: pkg.developmentId,
    name: pkg.name,
    kind: pkg.kind,
    percentBp: pkg.percentBp,
    amountSen: pkg.amountSen,
    validFrom: pkg.validFrom.toUTC().toISO(),
    validUntil: pkg.validUntil?.toUTC().toISO() ?? null,
    allLots: pkg.allLots,
    ...(lotIds === undefined ? {} : { lotIds: pkg.allLots ? null : lotIds }),
    combinable: pkg.combinable,
    eligibility: pkg.eligibility,
    retiredAt: pkg.retiredAt?.toUTC().toISO() ?? null,
    state: packageState(pkg, now),
    createdAt: pkg.createdAt?.toUTC().toISO() ?? null,
  }
}

/** GET /api/lots/:id/packages: the packages offered, each with its discount, and the best offer's net price. */
export function serializePackageOffer(
  lotId: number,
  buyer: { id: number; bumiputeraStatus: string },
  { priceSen, packages, offer }: { priceSen: number | null; packages: PricePackage[]; offer: PricePackage[] }
) {
  const discountSen = priceSen === null ? null : totalDiscount(offer, priceSen)
  return {
    lotId,
    userId: buyer.id,
    bumiputeraStatus: buyer.bumiputeraStatus,
    priceSen,
    packages: packages.map((pkg) => ({
      id: pkg.id,
      name: pkg.name,
      kind: pkg.kind,
      percentBp: pkg.percentBp,
      amountSen: pkg.amountSen,
      combinable: pkg.combinable,
      eligibility: pkg.eligibility,
      validFrom: pkg.validFrom.toUTC().toISO(),
      validUntil: pkg.validUntil?.toUTC().toISO() ?? null,
      discountSen: priceSen === null ? null : discountOf(pkg, priceSen),
    })),
    offer: {
      packageIds: offer.map((pkg) => pkg.id),
      discountSen,
      netPriceSen: priceSen === null || discountSen === null ? null : priceSen - discountSen,
    },
  }
}
