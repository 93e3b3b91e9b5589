import { useBasename } from 'react-admin';
import { Navigate } from 'react-router-dom';

/** Old dashboard paths (/admin, /admin-dashboard) land on the backoffice home. */
export function RedirectHome() {
  const basename = useBasename();
  return <Navigate to={`${basename}/`} replace />;
}
