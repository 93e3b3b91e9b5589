import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { findLotByPropertyId } from '#inventory'
import { AppError } from '#core/errors'
import { isSuperAdmin } from '#core/roles'
import BookingPolicy from '#bookings/policies/booking_policy'
import RequestBooking from '#bookings/actions/request_booking'
import CreateBookingForClient from '#bookings/actions/create_booking_for_client'
import { CancelBooking, ProcessBooking, RespondAsAgent, type AdminDecision } from '#bookings/actions/decide_booking'
import {
  agentRequestValidator,
  agentResponseValidator,
  createForClientValidator,
  memberRequestValidator,
  propertyBookingValidator,
  statusUpdateValidator,
} from '#bookings/validators/booking'
import { findBookingWithDetails, listBookings, ownBookings } from '#bookings/queries/list_bookings'
import { serializeBooking } from '#bookings/transformers/booking_transformer'
import { bookingFiles } from '#bookings/controllers/request_files'
import { BOOKING_NOT_FOUND } from '#bookings/services/workflow'

async function detailed(id: number) {
  return serializeBooking((await findBookingWithDetails(id))!)
}

export default class BookingsController {
  /** POST /api/bookings/request: a member's or an agent admin's own request. */
  @inject()
  async request({ auth, request, response }: HttpContext, requestBooking: RequestBooking) {
    const user = auth.user as User
    const validator = user.role === 'agent_admin' ? agentRequestValidator : memberRequestValidator
    const body = request.body()
    const input = await validator.validate({ ...body, phone: body.phone ?? body.contactPhone })
    const files = await bookingFiles(request)
    const booking = await requestBooking.handle(user, input, files)
    return response.created({ message: 'Booking request submitted successfully!', ...(await detailed(booking.id)) })
  }

  /** POST /api/bookings: an agent admin or a super admin books for a client of role user. */
  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, createForClient: CreateBookingForClient) {
    await bouncer.with(BookingPolicy).authorize('createForClient')
    const actor = auth.user as User
    const input = await createForClientValidator.validate(request.body())
    const files = await bookingFiles(request)
    const booking = await createForClient.handle(
      actor,
      {
        clientId: input.userId,
        lotId: (input.unitId ?? input.lotId)!,
        kind: input.unitId ? 'unit' : 'lot',
        notes: input.notes ?? null,
      },
      [files.cheque, files.icFront, files.icBack].filter((file) => file !== undefined),
      (client) => bouncer.with(BookingPolicy).authorize('bookFor', client)
    )
    // Spec 001's two success texts: the agent's booking goes to the admin; a super admin's is theirs to process.
    const message = isSuperAdmin(actor.role)
      ? 'Booking created successfully'
      : 'Booking successfully created and sent to admin for review'
    return response.created({ message, ...(await detailed(booking.id)) })
  }

  /** POST /api/bookings/property: the agent booking form of the lot-type page. */
  @inject()
  async byProperty({ auth, bouncer, request, response }: HttpContext, createForClient: CreateBookingForClient) {
    const agent = auth.user as User
    const input = await propertyBookingValidator.validate(request.body())
    const lot = await findLotByPropertyId(input.propertyId)
    if (!lot) throw AppError.invalid('propertyId', 'Lot information is required for booking')
    const files = await bookingFiles(request)
    // The agent booking form (spec 000 section 5): both IC sides required, cheque optional.
    if (!files.icFront && !files.icBack) {
      throw AppError.invalid('icFront', 'Please upload at least one identity card image (front and back)')
    }
    if (!files.icFront || !files.icBack) {
      throw AppError.invalid(files.icFront ? 'icBack' : 'icFront', 'Both front and back sides of IC are required')
    }
    // The form books for the agent's client when one is named, otherwise for the agent.
    const clientId = input.userId && input.userId !== agent.id ? input.userId : null
    if (clientId === null) {
      const booking = await new RequestBooking().handle(
        agent,
        {
          lotId: lot.id,
          name: agent.name,
          email: agent.email,
          phone: input.contactPhone || agent.phone || '',
          requestMessage: input.requestMessage,
        },
        files,
        { chequeRequired: false }
      )
      return response.created({
        message: 'Booking successfully created and sent to admin for review',
        ...(await detailed(booking.id)),
      })
    }
    const booking = await createForClient.handle(
      agent,
      { clientId, lotId: lot.id, kind: 'lot', notes: input.requestMessage ?? null, contactPhone: input.contactPhone },
      [files.cheque, files.icFront, files.icBack].filter((file) => file !== undefined),
      (client) => bouncer.with(BookingPolicy).authorize('bookFor', client)
    )
    return response.created({
      message: 'Booking successfully created and sent to admin for review',
      ...(await detailed(booking.id)),
    })
  }

  /** GET /api/bookings/user: own bookings, newest first. */
  async own({ auth }: HttpContext) {
    return (await ownBookings(auth.user as User)).map(serializeBooking)
  }

  /** GET /api/bookings: the role-scoped list (ra-data-simple-rest). */
  async index(ctx: HttpContext) {
    return (await listBookings(ctx, ctx.auth.user as User)).map(serializeBooking)
  }

  /** GET /api/bookings/agent: the agent admin's agency only. */
  async agent(ctx: HttpContext) {
    const user = ctx.auth.user as User
    if (user.role !== 'agent_admin') throw AppError.forbidden('Only agent admins can view agency bookings.')
    return (await listBookings(ctx, user, 'agent')).map(serializeBooking)
  }

  /** GET /api/bookings/admin: every booking, for the super admin. */
  async admin(ctx: HttpContext) {
    await ctx.bouncer.with(BookingPolicy).authorize('process')
    return (await listBookings(ctx, ctx.auth.user as User, 'admin')).map(serializeBooking)
  }

  async show({ bouncer, params }: HttpContext) {
    const booking = await findBookingWithDetails(params.id)
    if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
    await bouncer.with(BookingPolicy).authorize('view', booking)
    return serializeBooking(booking)
  }

  /** DELETE /api/bookings/:id: the requester cancels a pending booking. */
  @inject()
  async cancel({ auth, bouncer, params }: HttpContext, cancelBooking: CancelBooking) {
    const booking = await cancelBooking.handle(auth.user as User, params.id, (found) =>
      bouncer.with(BookingPolicy).authorize('cancel', found)
    )
    return { message: 'Booking cancelled successfully', ...(await detailed(booking.id)) }
  }

  @inject()
  async agentResponse({ auth, bouncer, params, request }: HttpContext, respond: RespondAsAgent) {
    const { action, agentNotes } = await agentResponseValidator.validate(request.body())
    const booking = await respond.handle(auth.user as User, params.id, action, agentNotes, (found) =>
      bouncer.with(BookingPolicy).authorize('respondAsAgent', found)
    )
    const message =
      action === 'approve' ? 'Booking request approved and forwarded to admin' : 'Booking request rejected'
    return { message, ...(await detailed(booking.id)) }
  }

  @inject()
  async statusUpdate({ auth, bouncer, params, request }: HttpContext, processBooking: ProcessBooking) {
    await bouncer.with(BookingPolicy).authorize('process')
    const { status, message } = await statusUpdateValidator.validate(request.body())
    const decision: AdminDecision = status === 'booked' ? 'approved' : status === 'reject' ? 'rejected' : status
    const booking = await processBooking.handle(auth.user as User, params.id, decision, message)
    const messages: Record<AdminDecision, string> = {
      approved: 'Booking confirmed and marked as booked. Lot status updated to booked.',
      sold: 'Booking marked as sold. Lot status updated to sold.',
      rejected: 'Booking rejected. Lot returned to available.',
    }
    return { message: messages[decision], ...(await detailed(booking.id)) }
  }
}
