import type { AgencyStatus, Role } from '~/models/user'

/** Spec 000 "My Profile": super_admin Administrator, agent_admin Agent, otherwise Regular User. */
export function accountTypeLabel(role: Role): string {
  if (role === 'super_admin' || role === 'admin') return 'Administrator'
  if (role === 'agent_admin') return 'Agent'
  return 'Regular User'
}

export type MembershipSummary = {
  tone: 'success' | 'warning' | 'info' | 'error'
  title: string
  text: string
}

/** The agency membership status card of the user dashboard. */
export function membershipSummary(status: AgencyStatus, agencyName: string | null): MembershipSummary {
  const agency = agencyName ?? 'your agency'
  switch (status) {
    case 'approved':
      return { tone: 'success', title: `Member of ${agency}`, text: 'You can request bookings of available lots.' }
    case 'pending':
      return {
        tone: 'warning',
        title: 'Agency Membership Pending',
        text: `Your request to join ${agency} is waiting for its agent admin's approval.`,
      }
    case 'rejected':
      return {
        tone: 'error',
        title: 'Membership request not approved',
        text: `Your request to join ${agency} was not approved.`,
      }
    default:
      return {
        tone: 'info',
        title: 'No agency yet',
        text: 'Join an agency to request bookings: its agent admin approves members.',
      }
  }
}
