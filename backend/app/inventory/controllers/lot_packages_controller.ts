import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { User } from '#identity'
import Lot from '#inventory/models/lot'
import PackagePolicy from '#inventory/policies/package_policy'
import { priceInForce } from '#inventory/queries/prices_in_force'
import { eligible, packagesForLot } from '#inventory/queries/packages'
import { bestOffer, discountOf, totalDiscount } from '#inventory/packages'
import { AppError } from '#core/errors'
import { offeredPackagesValidator } from '#inventory/validators/package'

/**
 * GET /api/lots/:id/packages: what a booking form offers for the lot, to the signed-in user or the
 * client named (`userId`): each package in force the buyer may have, its discount, and the best offer.
 */
export default class LotPackagesController {
  async index({ auth, bouncer, params, request }: HttpContext) {
    const { userId } = await request.validateUsing(offeredPackagesValidator, { data: request.qs() })
    const user = auth.user as User
    const buyer = userId && userId !== user.id ? await User.find(userId) : user
    if (!buyer) throw AppError.invalid('userId', 'Please select a user')
    await bouncer.with(PackagePolicy).authorize('offerTo', buyer)
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')

    const priceSen = await priceInForce(lot)
    const offered =
      priceSen === null ? [] : (await packagesForLot(lot, DateTime.utc())).filter((pkg) => eligible(pkg, buyer))
    const offer = priceSen === null ? [] : bestOffer(offered, priceSen)
    const discountSen = priceSen === null ? null : totalDiscount(offer, priceSen)
    return {
      lotId: lot.id,
      userId: buyer.id,
      bumiputeraStatus: buyer.bumiputeraStatus,
      priceSen,
      packages: offered.map((pkg) => ({
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
}
