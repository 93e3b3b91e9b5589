import type { DateTime } from 'luxon'
import type { PackageEligibility, PackageKind } from '#inventory/models/price_package'

/** What decides a package's discount: the package itself, or a booking's copy of it. */
export type PackageTerms = {
  id: number
  name: string
  kind: PackageKind
  percentBp: number | null
  amountSen: number | null
  combinable: boolean
  eligibility: PackageEligibility
}

/** 100% in basis points. */
export const FULL_PERCENT_BP = 10_000

/**
 * A package's discount on a price, in whole sen: a percentage rounds down to the sen (never more than
 * stated), a fixed amount is never more than the price.
 */
export function discountOf(terms: Pick<PackageTerms, 'kind' | 'percentBp' | 'amountSen'>, priceSen: number): number {
  if (terms.kind === 'percent') return Math.floor((priceSen * (terms.percentBp ?? 0)) / FULL_PERCENT_BP)
  return Math.min(terms.amountSen ?? 0, priceSen)
}

/** Packages may be applied together when there is one, or when every one of them combines. */
export function mayCombine(packages: Array<Pick<PackageTerms, 'combinable'>>): boolean {
  return packages.length <= 1 || packages.every((terms) => terms.combinable)
}

/** Each package's discount on the price in force (not on each other's net), their sum never above the price. */
export function totalDiscount(packages: PackageTerms[], priceSen: number): number {
  return Math.min(
    priceSen,
    packages.reduce((sum, terms) => sum + discountOf(terms, priceSen), 0)
  )
}

/**
 * The best for the buyer: every combinable package together, or one that may not combine alone,
 * whichever takes more off (the combinable set on a tie). Empty when there are none.
 */
export function bestOffer<Terms extends PackageTerms>(packages: Terms[], priceSen: number): Terms[] {
  const together = packages.filter((terms) => terms.combinable)
  let best = together
  let bestDiscount = totalDiscount(together, priceSen)
  for (const alone of packages.filter((terms) => !terms.combinable)) {
    const discount = discountOf(alone, priceSen)
    if (discount > bestDiscount) {
      best = [alone]
      bestDiscount = discount
    }
  }
  return best
}

/** In force at `at`: started, not ended (`validUntil` is the first moment it no longer is), not retired. */
export function inForceAt(
  terms: { validFrom: DateTime; validUntil: DateTime | null; retiredAt: DateTime | null },
  at: DateTime
): boolean {
  return !terms.retiredAt && terms.validFrom <= at && (!terms.validUntil || at < terms.validUntil)
}
