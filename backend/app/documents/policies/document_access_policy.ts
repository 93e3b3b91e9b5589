import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'
import type { Booking } from '#bookings'

export const BOOKING_ACCESSES_FORBIDDEN = 'Only the requester of this booking can see who opened its documents.'

export default class DocumentAccessPolicy extends BasePolicy {
  list(user: User): boolean {
    return this.isSuperAdmin(user)
  }

  viewForBooking(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      booking.userId === user.id ||
      booking.createdById === user.id ||
      AuthorizationResponse.deny(BOOKING_ACCESSES_FORBIDDEN, 403)
    )
  }
}
