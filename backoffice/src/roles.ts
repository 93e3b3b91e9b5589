import type { Role } from '@aero/shared/user'

/** The roles of the identity API's user object. */
export type { Role }

/** The roles the backoffice serves. `admin` is not listed: it is treated exactly as `super_admin`. */
export type BackofficeRole = 'agent_admin' | 'super_admin'

/**
 * The role a user acts with: `admin` counts as `super_admin` everywhere
 * (requirements: decisions.md#d3-admin-is-super-admin).
 */
export function effectiveRole(role: Role): Exclude<Role, 'admin'> {
  return role === 'admin' ? 'super_admin' : role
}

export function isBackofficeRole(role: Role | undefined): role is BackofficeRole | 'admin' {
  return role === 'agent_admin' || role === 'admin' || role === 'super_admin'
}

const roleLabels: Record<Exclude<Role, 'admin'>, string> = {
  super_admin: 'Super Admin',
  agent_admin: 'Agent Admin',
  user: 'User',
}

export function roleLabel(role: Role): string {
  return roleLabels[effectiveRole(role)]
}
