import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'
import { STATUS_MEANING, type Booking } from '#bookings'

export default class DocumentPolicy extends BasePolicy {
  addDocument(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      booking.createdById === user.id ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny('You do not have permission to add documents to this booking.', 403)
    )
  }

  /**
   * The reviewer of the tier that decides the booking next, asked of the booking the review has locked; a
   * closed booking's documents are not reviewed (409).
   */
  reviewDocument(user: User, booking: Booking) {
    switch (STATUS_MEANING[booking.status].decides) {
      case 'agent':
        return (
          this.isAgentAdminOf(user, booking.agencyId) ||
          AuthorizationResponse.deny(
            "Only the agent admin of this booking's agency can review its documents while it awaits the agency.",
            403
          )
        )
      case 'developer':
        return (
          this.isSuperAdmin(user) ||
          AuthorizationResponse.deny(
            'Only a super admin can review the documents of a booking awaiting the developer.',
            403
          )
        )
      default:
        if (this.isSuperAdmin(user) || this.isAgentAdminOf(user, booking.agencyId)) {
          return AuthorizationResponse.deny(
            `This booking is ${booking.status.replace(/_/g, ' ')} and its documents can no longer be reviewed.`,
            409
          )
        }
        return AuthorizationResponse.deny('You do not have permission to review the documents of this booking.', 403)
    }
  }

  /** A rejected document uploaded again: by the booking's requester (the person booked for, or its creator). */
  replaceDocument(user: User, booking: Booking) {
    return (
      booking.createdById === user.id ||
      booking.userId === user.id ||
      AuthorizationResponse.deny('Only the requester of this booking can upload its documents again.', 403)
    )
  }
}
