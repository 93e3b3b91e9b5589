import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'
import type { Booking } from '#bookings'

export const FEE_FORBIDDEN =
  "Only the agent admin of this booking's agency or a super admin can record its booking fee."
export const FEE_VIEW_FORBIDDEN = "You do not have permission to view this booking's fee."
export const FEES_REPORT_FORBIDDEN = 'Only super admins can view the booking fees report.'

export default class BookingFeePolicy extends BasePolicy {
  manage(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny(FEE_FORBIDDEN, 403)
    )
  }

  view(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      booking.createdById === user.id ||
      booking.userId === user.id ||
      AuthorizationResponse.deny(FEE_VIEW_FORBIDDEN, 403)
    )
  }

  report(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(FEES_REPORT_FORBIDDEN, 403)
  }
}
