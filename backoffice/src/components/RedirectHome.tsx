import { RedirectTo } from './RedirectTo'

/** Old dashboard paths (/admin, /admin-dashboard) land on the backoffice home. */
export function RedirectHome() {
  return <RedirectTo to="/" />
}
