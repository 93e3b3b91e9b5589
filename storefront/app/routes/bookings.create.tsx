import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirectToBackoffice } from '~/utils/backoffice.server'

/** Keeps ?userId=, which preselects the user. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirectToBackoffice(request, 'agent_admin', '/bookings/create')
}

// Never shown (the loader always redirects); it makes this a page route, so a failed
// guard renders the error page rather than JSON.
export default function RedirectToBackoffice() {
  return null
}
