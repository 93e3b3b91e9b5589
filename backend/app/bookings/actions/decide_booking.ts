import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import { changeStatus, lockBooking } from '#bookings/services/workflow'
import { FINAL_STATUSES, PENDING_STATUSES } from '#bookings/statuses'
import type Booking from '#bookings/models/booking'

type Authorize = (booking: Booking) => Promise<void>

/** The requester cancels while the booking is pending: the lot is available again. */
export class CancelBooking {
  async handle(actor: User, bookingId: string | number, authorize: Authorize) {
    return db.transaction(async (trx) => {
      const booking = await lockBooking(trx, bookingId)
      await authorize(booking)
      if (!PENDING_STATUSES.includes(booking.status)) {
        throw AppError.conflict('Only a pending booking can be cancelled.')
      }
      booking.cancellationDate = DateTime.utc()
      await changeStatus(trx, booking, 'cancelled', {
        actorId: actor.id,
        notes: 'Cancelled by the requester',
        lotStatus: 'available',
      })
      return booking
    })
  }
}

/** The agency's agent admin approves (forwarded to admin) or rejects a pending_agent request. */
export class RespondAsAgent {
  async handle(
    actor: User,
    bookingId: string | number,
    action: 'approve' | 'reject',
    notes: string | null | undefined,
    authorize: Authorize
  ) {
    return db.transaction(async (trx) => {
      const booking = await lockBooking(trx, bookingId)
      await authorize(booking)
      if (booking.status !== 'pending_agent') {
        throw AppError.conflict('This booking request has already been processed.')
      }
      const agentNotes =
        notes || (action === 'approve' ? 'Booking request approved by agent' : 'Booking request rejected by agent')
      booking.agentNotes = agentNotes
      booking.agentResponseDate = DateTime.utc()
      booking.respondedById = actor.id
      booking.agentAdminId = actor.id
      if (action === 'approve') {
        await changeStatus(trx, booking, 'pending_admin', { actorId: actor.id, notes: agentNotes })
      } else {
        await changeStatus(trx, booking, 'rejected_by_agent', {
          actorId: actor.id,
          notes: agentNotes,
          lotStatus: 'available',
        })
      }
      return booking
    })
  }
}

export type AdminDecision = 'approved' | 'sold' | 'rejected'

const LOT_AFTER: Record<AdminDecision, 'booked' | 'sold' | 'available'> = {
  approved: 'booked',
  sold: 'sold',
  rejected: 'available',
}

/**
 * The super admin's final word (README decision 1): booked (status approved, lot booked),
 * sold (lot sold) or reject (lot available). Pending-admin bookings can be decided; a booked
 * one can still be sold or rejected; sold, completed and rejected ones cannot be processed.
 */
export class ProcessBooking {
  async handle(actor: User, bookingId: string | number, decision: AdminDecision, message: string | null | undefined) {
    return db.transaction(async (trx) => {
      const booking = await lockBooking(trx, bookingId)
      if (FINAL_STATUSES.includes(booking.status)) {
        throw AppError.conflict(`This booking is ${booking.status.replace(/_/g, ' ')} and cannot be processed again.`)
      }
      if (booking.status === 'pending_agent' || booking.status === 'pending') {
        throw AppError.conflict("This booking is waiting for its agency's approval and cannot be processed yet.")
      }
      if (booking.status === decision) {
        throw AppError.conflict(`This booking is already ${decision}.`)
      }
      if (message) booking.adminNotes = message
      await changeStatus(trx, booking, decision, {
        actorId: actor.id,
        notes: message ?? null,
        lotStatus: LOT_AFTER[decision],
      })
      return booking
    })
  }
}
