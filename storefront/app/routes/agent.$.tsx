import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirectToBackoffice } from '~/utils/backoffice.server'

/** /agent/booking-requests, /agent/agency-requests, ... */
export function loader({ request, params }: LoaderFunctionArgs) {
  const rest = params['*'] ?? ''
  return redirectToBackoffice(request, 'agent_admin', rest ? `/agent/${rest}` : '/agent')
}

// Never shown (the loader always redirects); it makes this a page route, so a failed
// guard renders the error page rather than JSON.
export default function RedirectToBackoffice() {
  return null
}
