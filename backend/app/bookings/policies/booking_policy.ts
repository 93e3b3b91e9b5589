import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type User from '#identity/models/user'
import type Booking from '#bookings/models/booking'

/**
 * Who may see and act on a booking. Its documents are personal data: only the people who
 * may view the booking may fetch them (spec README decision 6).
 */
export default class BookingPolicy extends BasePolicy {
  private isRequester(user: User, booking: Booking) {
    return booking.createdById === user.id || booking.userId === user.id
  }

  view(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      this.isRequester(user, booking) ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny('You do not have permission to view this booking.', 403)
    )
  }

  addDocument(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      booking.createdById === user.id ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny('You do not have permission to add documents to this booking.', 403)
    )
  }

  /** Spec 000: only the booking's creator may cancel it. */
  cancel(user: User, booking: Booking) {
    return (
      booking.createdById === user.id ||
      AuthorizationResponse.deny("You don't have permission to cancel this booking. Please contact support.", 403)
    )
  }

  respondAsAgent(user: User, booking: Booking) {
    return (
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny('Only the agent admin of this booking\'s agency can respond to it.', 403)
    )
  }

  process(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny('Only super admins can process bookings.', 403)
  }
}
