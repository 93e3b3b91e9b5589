import type { Role } from '@aero/shared/user'

/** The roles a route can demand (requirements: account.md#route-guard). */
export type RequiredRole = 'super_admin' | 'agent_admin'

/** `admin` is treated exactly as `super_admin` everywhere. */
export function isAdminRole(role: Role): boolean {
  return role === 'super_admin' || role === 'admin'
}

export function meetsRequiredRole(role: Role, required: RequiredRole): boolean {
  if (required === 'super_admin') return isAdminRole(role)
  return role === 'agent_admin' || isAdminRole(role)
}

/** Where a user lands after signing in. */
export function homePathFor(role: Role): string {
  if (isAdminRole(role)) return '/admin-dashboard'
  if (role === 'agent_admin') return '/agent-dashboard'
  return '/enhanced-dashboard'
}
