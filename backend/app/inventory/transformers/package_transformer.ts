import type { DateTime } from 'luxon'
import type PricePackage from '#inventory/models/price_package'
import { inForceAt } from '#inventory/packages'

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
