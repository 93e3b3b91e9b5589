import type { SessionUser } from '~/models/session-user'
import { isAdminRole } from '~/utils/roles'

export interface NavItem {
  label: string
  to: string
  /** The target is served by the backoffice: follow it with a full page load. */
  reloadDocument: boolean
}

export interface HeaderLinks {
  primary: NavItem[]
  /** Shown only to signed-out visitors. */
  login: NavItem | null
  /** The profile dropdown; null when signed out. */
  account: { name: string; panel: NavItem } | null
}

type HeaderUser = Pick<SessionUser, 'name' | 'role' | 'agencyId' | 'agencyStatus'>

const page = (label: string, to: string): NavItem => ({ label, to, reloadDocument: false })
const backofficePage = (label: string, to: string): NavItem => ({ label, to, reloadDocument: true })

/** The header navigation, by who is looking (requirements: public-site.md#header-navigation). */
export function headerLinks(user: HeaderUser | null): HeaderLinks {
  const primary = [page('Unit Booking', '/aero-industrial-hub')]
  if (!user) {
    return { primary, login: page('Login', '/login'), account: null }
  }

  if (user.role === 'agent_admin') {
    primary.push(backofficePage('My Properties', '/agent-properties'))
  }
  if (isApprovedAgencyMember(user)) {
    primary.push(page('Agency Properties', '/agency-properties'))
  }

  return { primary, login: null, account: { name: user.name?.trim() || 'Profile', panel: panelFor(user) } }
}

function isApprovedAgencyMember(user: HeaderUser): boolean {
  return (
    user.agencyId !== null && user.agencyId !== undefined && user.agencyId !== '' && user.agencyStatus === 'approved'
  )
}

function panelFor(user: HeaderUser): NavItem {
  if (user.role === 'agent_admin') return backofficePage('Agent Panel', '/agent-dashboard')
  if (isAdminRole(user.role)) return backofficePage('Admin Panel', '/admin-dashboard')
  return page('Dashboard', '/enhanced-dashboard')
}
