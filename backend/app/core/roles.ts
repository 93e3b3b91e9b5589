/** The platform's roles. `admin` is treated exactly as `super_admin` everywhere. */
export const ROLES = ['user', 'agent_admin', 'admin', 'super_admin'] as const
export type Role = (typeof ROLES)[number]

/** What a route or screen asks for; the route guard maps it to roles (requirements: account.md#route-guard). */
export type RequiredRole = 'user' | 'agent_admin' | 'super_admin'

export function isSuperAdmin(role: Role): boolean {
  return role === 'super_admin' || role === 'admin'
}

export function isAgentAdmin(role: Role): boolean {
  return role === 'agent_admin'
}

/**
 * Route guard (requirements: account.md#route-guard): super_admin admits super_admin and admin; agent_admin admits
 * agent_admin, super_admin and admin; any signed-in user meets `user`.
 */
export function roleAdmits(required: RequiredRole, role: Role): boolean {
  switch (required) {
    case 'super_admin':
      return isSuperAdmin(role)
    case 'agent_admin':
      return isAgentAdmin(role) || isSuperAdmin(role)
    case 'user':
      return true
  }
}
