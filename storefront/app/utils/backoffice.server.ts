import { redirectDocument } from '@remix-run/node'
import { requireRole } from '~/utils/auth.server'
import { backofficePath } from '~/utils/redirects'
import type { RequiredRole } from '~/utils/roles'

/**
 * The agent and admin screens live in the backoffice (requirements: decisions.md#d7-backoffice-screens). Their
 * storefront routes pass the route guard first, then send the browser there with a
 * full page load (the backoffice is another app on this origin).
 */
export async function redirectToBackoffice(request: Request, role: RequiredRole, path: string): Promise<Response> {
  await requireRole(request, role)
  return redirectDocument(backofficePath(path, new URL(request.url).search))
}
