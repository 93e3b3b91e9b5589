/**
 * Price packages as the booking screens show them (docs/prices.md, "Packages"). The sums mirror
 * the backend's (backend/app/inventory/packages.ts) so the form can show the net price as the
 * buyer ticks; the backend works out the booking's own when it takes the request.
 */
import { formatSen } from '~/utils/format'

export type PackageKind = 'percent' | 'fixed'
export type PackageEligibility = 'everyone' | 'bumiputera'

/** A package a buyer may have on a lot (GET /api/lots/:id/packages). */
export interface LotPackage {
  id: number
  name: string
  kind: PackageKind
  /** Basis points (500 = 5%), for a percentage package. */
  percentBp: number | null
  /** Whole sen, for a fixed amount. */
  amountSen: number | null
  combinable: boolean
  eligibility: PackageEligibility
  /** Its discount on this lot's price in force, in sen, when the answer works it out. */
  discountSen?: number | null
}

/** What GET /api/lots/:id/packages answers: the buyer's packages on the lot, and the best offer. */
export interface LotPackages {
  priceSen: number | null
  /** The buyer's Bumiputera status, as the backend reads it for the packages. */
  bumiputeraStatus?: string | null
  packages: LotPackage[]
  /** The best offer: what a request naming no package gets. */
  offer?: { packageIds: number[]; discountSen: number | null; netPriceSen: number | null } | null
}

/** A package a booking was made with, as the booking keeps it. */
export interface BookingPackage {
  id?: number
  packageId?: number
  name: string
  kind?: PackageKind
  percentBp?: number | null
  amountSen?: number | null
  discountSen: number
}

const FULL_PERCENT_BP = 10_000

/** A package's discount on a price: a percentage rounded down to the sen, a fixed amount never above the price. */
export function discountOf(terms: LotPackage, priceSen: number): number {
  if (typeof terms.discountSen === 'number') return terms.discountSen
  if (terms.kind === 'percent') return Math.floor((priceSen * (terms.percentBp ?? 0)) / FULL_PERCENT_BP)
  return Math.min(terms.amountSen ?? 0, priceSen)
}

/** Each package's discount on the price (not on each other's net), the sum never above the price. */
export function totalDiscount(packages: LotPackage[], priceSen: number): number {
  return Math.min(
    priceSen,
    packages.reduce((sum, terms) => sum + discountOf(terms, priceSen), 0)
  )
}

/** Packages go together when there is one, or when every one of them combines. */
export function mayCombine(packages: LotPackage[]): boolean {
  return packages.length <= 1 || packages.every((terms) => terms.combinable)
}

/** The best for the buyer: every combinable package together, or one that may not combine alone, whichever takes more off. */
export function bestOffer(packages: LotPackage[], priceSen: number): LotPackage[] {
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

/** '5% off', '7.5% off', 'RM 10,000 off'. */
export function packageTermsText(terms: {
  kind: PackageKind
  percentBp?: number | null
  amountSen?: number | null
}): string {
  if (terms.kind === 'percent') {
    const percent = (terms.percentBp ?? 0) / 100
    return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0$/, '')}% off`
  }
  return `${formatSen(terms.amountSen ?? 0)} off`
}

/** '-RM 22,500': a discount as the price breakdown writes it. */
export function discountText(sen: number): string {
  return sen === 0 ? formatSen(0) : formatSen(-sen)
}
