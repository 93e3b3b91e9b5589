import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirectToBackoffice } from '~/utils/backoffice.server'

export function loader({ request }: LoaderFunctionArgs) {
  return redirectToBackoffice(request, 'super_admin', '/')
}

// Never shown (the loader always redirects); it makes this a page route, so a failed
// guard renders the error page rather than JSON.
export default function RedirectToBackoffice() {
  return null
}
