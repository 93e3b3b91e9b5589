import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import { clientRefusal, type User } from '#identity'
import type Booking from '#bookings/models/booking'

export const CLIENT_BOOKING_FORBIDDEN = 'Only agent admins and super admins can create bookings for clients.'

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
      AuthorizationResponse.deny("Only the agent admin of this booking's agency can respond to it.", 403)
    )
  }

  /**
   * Booking on behalf of a client of role user (spec 001 "Create Booking Request"): agent
   * admins, and super admins, whose route guard admits them to the agent admin's pages.
   */
  createForClient(user: User) {
    return (
      isAgentAdmin(user.role) || this.isSuperAdmin(user) || AuthorizationResponse.deny(CLIENT_BOOKING_FORBIDDEN, 403)
    )
  }

  /**
   * Whom a booking may be made for: a super admin books for any user of role user (the
   * action checks the role), an agent admin only for a user of role user who does not belong
   * to another agency (spec README decision 4).
   */
  bookFor(user: User, client: User) {
    if (this.isSuperAdmin(user)) return true
    const refusal = isAgentAdmin(user.role) ? clientRefusal(user, client) : CLIENT_BOOKING_FORBIDDEN
    return refusal === null || AuthorizationResponse.deny(refusal, 403)
  }

  process(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny('Only super admins can process bookings.', 403)
  }
}
