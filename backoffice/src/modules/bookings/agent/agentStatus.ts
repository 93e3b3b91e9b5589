import { bookingBadge, type BadgeColor } from '../../../format.ts'
import type { Booking } from '../types'

/**
 * Booking badges as the agent admin reads them (requirements: booking.md#statuses): pending_agent waits for
 * them, pending_admin has been forwarded to the super admins. Other statuses read as everywhere.
 */
const AGENT_BADGES: Record<string, { label: string; color: BadgeColor }> = {
  pending_agent: { label: 'Pending Your Approval', color: 'warning' },
  pending_admin: { label: 'Forwarded to Admin', color: 'info' },
  approved: { label: 'Approved', color: 'success' },
}

export function agentBookingBadge(status: string | null | undefined): { label: string; color: BadgeColor } {
  return (status && AGENT_BADGES[status]) || bookingBadge(status)
}

/**
 * The agent booking requests page's filters (requirements: booking.md#statuses), as the backend's status filter
 * values.
 */
export const AGENT_REQUEST_FILTERS = [
  { id: 'all', name: 'All Requests' },
  { id: 'pending_agent', name: 'Pending Approval' },
  { id: 'pending_admin', name: 'Forwarded to Admin' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
] as const

/** The notes the agent's one-click decision records (requirements: booking.md#agent-decision). */
export const AGENT_DECISION_NOTES = {
  approve: 'Booking request approved by agent',
  reject: 'Booking request rejected by agent',
} as const

/** The development and the unit or lot of a booking, in one line. */
export function bookedProperty(booking: Pick<Booking, 'propertyName' | 'unitNumber' | 'lotNumber'>): string {
  const item = booking.unitNumber || (booking.lotNumber ? `Lot ${booking.lotNumber}` : null)
  if (booking.propertyName && item && booking.propertyName.includes(item)) return booking.propertyName
  return [booking.propertyName, item].filter(Boolean).join(' · ') || 'N/A'
}

/** Who the booking is for: the client, else whoever asked. */
export function bookingClient(booking: Booking): { name: string; email: string | null; phone: string | null } {
  return {
    name: booking.user?.name ?? booking.creatorName ?? 'N/A',
    email: booking.user?.email ?? booking.creatorEmail,
    phone: booking.user?.phone ?? booking.contactPhone ?? booking.creatorPhone,
  }
}
