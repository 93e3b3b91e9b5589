import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirectToBackoffice } from '~/utils/backoffice.server'

/** Keeps the query (?tab=manage-bookings after creating a booking; requirements: agent-admin.md#agent-dashboard). */
export function loader({ request }: LoaderFunctionArgs) {
  return redirectToBackoffice(request, 'agent_admin', '/agent-dashboard')
}

// Never shown (the loader always redirects); it makes this a page route, so a failed
// guard renders the error page rather than JSON.
export default function RedirectToBackoffice() {
  return null
}
