import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import BookingPolicy from '#bookings/policies/booking_policy'
import RequestBooking from '#bookings/actions/request_booking'
import { ownRequestForm } from '#bookings/validators/booking'
import { ownBookings, ownLotIds } from '#bookings/queries/list_bookings'
import { presentBooking, serializeBooking } from '#bookings/transformers/booking_transformer'
import { takeTransition } from '#bookings/workflow'
import { documents } from '#bookings/ports'

export default class MemberBookingsController {
  async index({ auth }: HttpContext) {
    const user = auth.user as User
    return (await ownBookings(user)).map((booking) => serializeBooking(booking, user))
  }

  /** GET /api/bookings/user/lots: the lots the user's own live bookings stand on. */
  async lots({ auth }: HttpContext) {
    return { data: await ownLotIds(auth.user as User) }
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, requestBooking: RequestBooking) {
    const user = auth.user as User
    await bouncer.with(BookingPolicy).authorize('requestLot')
    const form = ownRequestForm(user)
    const body = request.body()
    const input = await request.validateUsing(form.validator, {
      data: { ...body, phone: body.phone ?? body.contactPhone },
    })
    const { consent, requiredDocuments, store } = await documents().takeForm(
      request,
      form.documents,
      input.noticeVersion
    )
    const booking = await requestBooking.handle(user, { ...input, consent, requiredDocuments }, { store }, request.ip())
    return response.created(await presentBooking(booking, user, 'Booking request submitted successfully!'))
  }

  /** DELETE /api/bookings/:id: the requester cancels a pending booking. */
  async destroy({ auth, params, request }: HttpContext) {
    const user = auth.user as User
    const booking = await takeTransition({ actor: { user }, action: 'cancel', bookingId: params.id, ip: request.ip() })
    return presentBooking(booking.id, user, 'Booking cancelled successfully')
  }
}
