import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import BookingPolicy from '#bookings/policies/booking_policy'
import CreateBookingForClient from '#bookings/actions/create_booking_for_client'
import { createForClientValidator } from '#bookings/validators/booking'
import { findBookingWithDetails, listBookings } from '#bookings/queries/list_bookings'
import { presentBooking, serializeBooking } from '#bookings/transformers/booking_transformer'
import { serializeListedBooking } from '#bookings/transformers/booking_list_item_transformer'
import { BOOKING_NOT_FOUND } from '#bookings/workflow'
import { documents } from '#bookings/ports'

export default class BookingsController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(BookingPolicy).authorize('list')
    const user = ctx.auth.user as User
    return (await listBookings(ctx, user)).map((booking) => serializeListedBooking(booking, user))
  }

  async show({ auth, bouncer, params }: HttpContext) {
    const booking = await findBookingWithDetails(params.id)
    if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
    await bouncer.with(BookingPolicy).authorize('view', booking)
    return serializeBooking(booking, auth.user as User)
  }

  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, createForClient: CreateBookingForClient) {
    await bouncer.with(BookingPolicy).authorize('createForClient')
    const actor = auth.user as User
    const input = await request.validateUsing(createForClientValidator)
    const form = await documents().takeForm(request, 'client', input.noticeVersion)
    const booking = await createForClient.handle(
      actor,
      {
        clientId: input.userId,
        lotId: (input.unitId ?? input.lotId)!,
        kind: input.unitId ? 'unit' : 'lot',
        notes: input.notes ?? null,
        consent: form.consent,
        requiredDocuments: form.requiredDocuments,
        packageIds: input.packageIds,
      },
      form,
      request.ip()
    )
    // The two success texts: an agent admin's booking goes to the admins; a super admin's is theirs to process.
    const message = booking.agentAdminId
      ? 'Booking successfully created and sent to admin for review'
      : 'Booking created successfully'
    return response.created(await presentBooking(booking.id, actor, message))
  }
}
