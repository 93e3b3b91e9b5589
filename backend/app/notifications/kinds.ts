import type { Role } from '#core/roles'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'

/**
 * Each kind is one email switch on the profile; `roles` says who can ever receive it
 * (docs/notifications.md).
 */
export const NOTIFICATION_KINDS = {
  booking_status: {
    label: 'My bookings: a decision, an expiry or a change to a booking I requested',
    roles: 'everyone',
  },
  hold_reminder: { label: 'My bookings: a hold about to run out', roles: 'everyone' },
  membership_decision: { label: 'My agency membership request: approved or rejected', roles: 'everyone' },
  waitlist_offer: { label: 'My waitlist: a lot I am waiting for is free for me to request', roles: 'everyone' },
  booking_request: { label: 'My agency: a new booking request', roles: 'agent_admin' },
  booking_decided: {
    label: "My agency: the developer's decision, a cancellation or an expiry of an agency booking",
    roles: 'agent_admin',
  },
  membership_request: { label: 'My agency: a new membership request', roles: 'agent_admin' },
  booking_forwarded: {
    label: 'Bookings awaiting the developer: forwarded by an agency or created by an agent admin',
    roles: 'super_admin',
  },
} as const satisfies Record<string, { label: string; roles: 'everyone' | 'agent_admin' | 'super_admin' }>

export type NotificationKind = keyof typeof NOTIFICATION_KINDS

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[]

/** The kinds a person with `role` can receive (their profile's list). */
export function kindsFor(role: Role): NotificationKind[] {
  return NOTIFICATION_KIND_NAMES.filter((kind) => {
    const roles = NOTIFICATION_KINDS[kind].roles
    if (roles === 'everyone') return true
    if (roles === 'agent_admin') return isAgentAdmin(role)
    return isSuperAdmin(role)
  })
}
