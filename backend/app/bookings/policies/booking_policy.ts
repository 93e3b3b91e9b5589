import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import { clientRefusal, type User } from '#identity'
import type Booking from '#bookings/models/booking'
import type { BookingAbility } from '#bookings/workflow_table'

export const CLIENT_BOOKING_FORBIDDEN = 'Only agent admins and super admins can create bookings for clients.'
export const NOT_A_MEMBER = 'You must be an approved agency member to request bookings'
export const PACKAGES_FOR_FORBIDDEN = 'You may see packages only for yourself or for a client you may book for.'
export const EXTEND_HOLD_FORBIDDEN =
  "Only the agent admin of this booking's agency or a super admin can extend its hold."

export type { BookingAbility } from '#bookings/workflow_table'

/**
 * Its documents are personal data: only those who may view the booking may fetch them (requirements:
 * decisions.md#d6-identity-documents). The workflow calls `decide` on rows it has just locked; every other
 * check goes through the bouncer.
 */
export default class BookingPolicy extends BasePolicy {
  private isRequester(user: User, booking: Booking) {
    return booking.createdById === user.id || booking.userId === user.id
  }

  /** A workflow ability's verdict on a locked booking (moves) or on the locked person booked for (new bookings). */
  decide(ability: BookingAbility, user: User, subject: Booking | User): true | AuthorizationResponse {
    switch (ability) {
      case 'request':
        return this.request(user, subject as User)
      case 'requestAsAgentAdmin':
        return this.requestAsAgentAdmin(user)
      case 'bookFor':
        return this.bookFor(user, subject as User)
      case 'respondAsAgent':
        return this.respondAsAgent(user, subject as Booking)
      case 'process':
        return this.process(user)
      case 'cancel':
        return this.cancel(user, subject as Booking)
    }
  }

  view(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      this.isRequester(user, booking) ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny('You do not have permission to view this booking.', 403)
    )
  }

  /** Checked on the locked row, so a membership decided meanwhile counts. Super admins cannot book lots. */
  request(user: User, self: User = user) {
    if (this.isSuperAdmin(user)) return AuthorizationResponse.deny('Super admins cannot book lots.', 403)
    return (self.agencyId !== null && self.agencyStatus === 'approved') || AuthorizationResponse.deny(NOT_A_MEMBER, 403)
  }

  /** The early, unlocked check of a request of one's own: as an agent admin or as an approved member. */
  requestLot(user: User) {
    return this.requestAsAgentAdmin(user) === true || this.request(user)
  }

  /** Agent admins book available lots without a membership; their requests skip the agency tier. */
  requestAsAgentAdmin(user: User) {
    return isAgentAdmin(user.role) || AuthorizationResponse.deny(NOT_A_MEMBER, 403)
  }

  /** Spec's only creator rule: the booking's creator may cancel it. */
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

  listAgency(user: User) {
    if (!isAgentAdmin(user.role)) return AuthorizationResponse.deny('Only agent admins can view agency bookings.', 403)
    return user.agencyId !== null || AuthorizationResponse.deny('You are not the agent admin of an agency.', 403)
  }

  /** The role-scoped list (GET /api/bookings): an agent admin's scope is their agency, so they need one. */
  list(user: User) {
    return !isAgentAdmin(user.role) || this.listAgency(user)
  }

  /** Agent admins, and super admins (requirements: booking.md#create-booking-for-a-client). */
  createForClient(user: User) {
    return (
      isAgentAdmin(user.role) || this.isSuperAdmin(user) || AuthorizationResponse.deny(CLIENT_BOOKING_FORBIDDEN, 403)
    )
  }

  /**
   * An agent admin only for a user of role user in no other agency (requirements:
   * decisions.md#d4-agent-admin-scope).
   */
  bookFor(user: User, client: User) {
    // A super admin may pick anyone on the form; only a user of role user can be booked for.
    if (this.isSuperAdmin(user))
      return client.role === 'user' || AuthorizationResponse.deny('Please select a user', 422)
    const refusal = isAgentAdmin(user.role) ? clientRefusal(user, client) : CLIENT_BOOKING_FORBIDDEN
    return refusal === null || AuthorizationResponse.deny(refusal, 403)
  }

  /** A pending hold's one extension (docs/decisions/020-booking-hold-clock.md): its agency's agent admins, super admins. */
  extendHold(user: User, booking: Booking) {
    return (
      this.isSuperAdmin(user) ||
      this.isAgentAdminOf(user, booking.agencyId) ||
      AuthorizationResponse.deny(EXTEND_HOLD_FORBIDDEN, 403)
    )
  }

  process(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny('Only super admins can process bookings.', 403)
  }

  /** The packages a booking for `buyer` would be offered: oneself; super admins, and agent admins, for whom they may book. */
  seePackagesFor(user: User, buyer: User) {
    if (buyer.id === user.id || this.isSuperAdmin(user)) return true
    if (isAgentAdmin(user.role) && clientRefusal(user, buyer) === null) return true
    return AuthorizationResponse.deny(PACKAGES_FOR_FORBIDDEN, 403)
  }

  /** Live updates of one's own bookings: the `users/{id}/bookings` channel, that user only (start/transmit.ts). */
  watchOwn(user: User, userId: number) {
    return user.id === userId
  }

  watchAgency(user: User, agencyId: number) {
    return this.isAgentAdminOf(user, agencyId)
  }

  watchAll(user: User) {
    return this.isSuperAdmin(user)
  }
}
