import type { HttpContext } from '@adonisjs/core/http'
import type { User } from '#identity'
import BookingPolicy from '#bookings/policies/booking_policy'
import { statusUpdateValidator } from '#bookings/validators/booking'
import { listBookings } from '#bookings/queries/list_bookings'
import { presentBooking } from '#bookings/transformers/booking_transformer'
import { serializeListedBooking } from '#bookings/transformers/booking_list_item_transformer'
import { takeTransition } from '#bookings/workflow'

const DECIDED = {
  booked: 'Booking confirmed and marked as booked. Lot status updated to booked.',
  sold: 'Booking marked as sold. Lot status updated to sold.',
  reject: 'Booking rejected. Lot returned to available.',
} as const

export default class AdminBookingsController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(BookingPolicy).authorize('process')
    const user = ctx.auth.user as User
    return (await listBookings(ctx, user, 'admin')).map((booking) => serializeListedBooking(booking, user))
  }

  async update({ auth, bouncer, params, request }: HttpContext) {
    await bouncer.with(BookingPolicy).authorize('process')
    const user = auth.user as User
    const { status, message } = await request.validateUsing(statusUpdateValidator)
    const booking = await takeTransition({
      actor: { user },
      action: status,
      by: 'process',
      bookingId: params.id,
      notes: message,
      ip: request.ip(),
    })
    return presentBooking(booking.id, user, DECIDED[status])
  }
}
