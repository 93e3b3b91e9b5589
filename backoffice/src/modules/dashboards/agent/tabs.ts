/**
 * The agent dashboard's tabs (requirements: agent-admin.md#agent-dashboard), as the backoffice home names them
 * in `?tab=`
 * (their titles as slugs), and the old screens' names for them: after creating a booking
 * the old client opened `?tab=manage-bookings`, the Booking Requests tab.
 */
export const AGENT_TABS = {
  overview: 'Overview',
  users: 'Agency Users',
  bookings: 'Booking Requests',
  history: 'Booking History',
  requests: 'Agency Requests',
} as const

const OLD_TAB_NAMES: Record<string, string> = {
  'manage-bookings': 'booking-requests',
  bookings: 'booking-requests',
  users: 'agency-users',
  'manage-users': 'agency-users',
  history: 'booking-history',
  requests: 'agency-requests',
  'agency-membership': 'agency-requests',
}

/** The home's `?tab=` value for the `?tab=` of /agent-dashboard; unknown names open the Overview. */
export function homeTabFor(tab: string | null): string | null {
  if (!tab) return null
  const slug = OLD_TAB_NAMES[tab] ?? tab
  return HOME_TAB_SLUGS.has(slug) ? slug : null
}

/** The home's slugs of the tabs after Overview (as layout/Dashboard's tabSlug makes them). */
const HOME_TAB_SLUGS = new Set(
  Object.values(AGENT_TABS)
    .filter((title) => title !== AGENT_TABS.overview)
    .map((title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
)
