import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { findLotByPropertyId } from '#inventory'
import { AppError } from '#core/errors'
import BookingPolicy from '#bookings/policies/booking_policy'
import RequestBooking from '#bookings/actions/request_booking'
import CreateBookingForClient from '#bookings/actions/create_booking_for_client'
import { agentResponseValidator, propertyBookingValidator } from '#bookings/validators/booking'
import { listBookings } from '#bookings/queries/list_bookings'
import { presentBooking } from '#bookings/transformers/booking_transformer'
import { serializeListedBooking } from '#bookings/transformers/booking_list_item_transformer'
import { takeTransition } from '#bookings/workflow'
import { documents } from '#bookings/ports'

const SENT_TO_ADMIN = 'Booking successfully created and sent to admin for review'

export default class AgentBookingsController {
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(BookingPolicy).authorize('listAgency')
    const user = ctx.auth.user as User
    return (await listBookings(ctx, user, 'agent')).map((booking) => serializeListedBooking(booking, user))
  }

  async update({ auth, params, request }: HttpContext) {
    const user = auth.user as User
    const { action, agentNotes } = await request.validateUsing(agentResponseValidator)
    const booking = await takeTransition({
      actor: { user },
      action,
      by: 'respondAsAgent',
      bookingId: params.id,
      notes: agentNotes,
      ip: request.ip(),
    })
    const message =
      action === 'approve' ? 'Booking request approved and forwarded to admin' : 'Booking request rejected'
    return presentBooking(booking.id, user, message)
  }

  /** Books for the agent's client when one is named, otherwise for the agent. */
  @inject()
  async store(
    { auth, bouncer, request, response }: HttpContext,
    own: RequestBooking,
    forClient: CreateBookingForClient
  ) {
    await bouncer.with(BookingPolicy).authorize('createForClient')
    const agent = auth.user as User
    const input = await request.validateUsing(propertyBookingValidator)
    const lot = await findLotByPropertyId(input.propertyId)
    if (!lot) throw AppError.invalid('propertyId', 'Lot information is required for booking')
    const form = await documents().takeForm(request, 'lotPage', input.noticeVersion)
    const { consent, requiredDocuments } = form
    const clientId = input.userId && input.userId !== agent.id ? input.userId : null
    const phone = input.contactPhone || agent.phone || ''
    const booking = clientId
      ? await forClient.handle(
          agent,
          {
            clientId,
            lotId: lot.id,
            kind: 'lot',
            notes: input.requestMessage ?? null,
            contactPhone: input.contactPhone,
            consent,
            requiredDocuments,
            packageIds: input.packageIds,
          },
          form,
          request.ip()
        )
      : await own.handle(
          agent,
          {
            lotId: lot.id,
            name: agent.name,
            email: agent.email,
            phone,
            requestMessage: input.requestMessage,
            consent,
            requiredDocuments,
            packageIds: input.packageIds,
          },
          form,
          request.ip()
        )
    return response.created(await presentBooking(booking.id, agent, SENT_TO_ADMIN))
  }
}
