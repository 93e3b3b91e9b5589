import type { HttpContext } from '@adonisjs/core/http'
import { User } from '#identity'
import { Lot, offerFor, offeredPackagesValidator, serializePackageOffer } from '#inventory'
import { AppError } from '#core/errors'
import BookingPolicy from '#bookings/policies/booking_policy'

/**
 * GET /api/lots/:id/packages: what a booking request for the lot would be offered, for the signed-in
 * user or the client named (`userId`): each package in force the buyer may have, and the best offer
 * (docs/prices.md, "Packages").
 */
export default class LotPackagesController {
  async index({ auth, bouncer, params, request }: HttpContext) {
    const { userId } = await request.validateUsing(offeredPackagesValidator, { data: request.qs() })
    const user = auth.user as User
    const buyer = userId && userId !== user.id ? await User.find(userId) : user
    if (!buyer) throw AppError.invalid('userId', 'Please select a user')
    await bouncer.with(BookingPolicy).authorize('seePackagesFor', buyer)
    const lot = await Lot.find(params.id)
    if (!lot) throw AppError.notFound('Lot not found')
    return serializePackageOffer(lot.id, buyer, await offerFor(lot, buyer))
  }
}
