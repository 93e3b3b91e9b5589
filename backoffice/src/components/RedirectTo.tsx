import { useBasename } from 'react-admin'
import { Navigate } from 'react-router-dom'

/**
 * Sends the browser on to another backoffice page, e.g. a page of the agent admin to its
 * super admin equivalent. `to` is a path inside the backoffice, without the basename.
 */
export function RedirectTo({ to }: { to: string }) {
  const basename = useBasename()
  return <Navigate to={`${basename}${to}`} replace />
}
