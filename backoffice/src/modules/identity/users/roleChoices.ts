import { effectiveRole, type Role } from '../../../roles'

export interface RoleChoice {
  id: Role
  name: string
}

const ALL_ROLES: RoleChoice[] = [
  { id: 'user', name: 'User' },
  { id: 'agent_admin', name: 'Agent Admin' },
  { id: 'admin', name: 'Admin' },
  { id: 'super_admin', name: 'Super Admin' },
]

/** Only a super admin offers the super_admin (and admin) roles (requirements: super-admin.md#users-management). */
export function roleChoicesFor(actor: Role | undefined): RoleChoice[] {
  if (actor !== undefined && effectiveRole(actor) === 'super_admin') return ALL_ROLES
  return ALL_ROLES.filter((choice) => choice.id === 'user' || choice.id === 'agent_admin')
}

export const ROLE_FILTER_CHOICES = ALL_ROLES

/**
 * The one message for any missing required field of the create form
 * (requirements: super-admin.md#users-management).
 */
export const REQUIRED_FIELDS_MESSAGE = 'Name, email and password are required fields'

export function validateNewUser(values: { name?: string; email?: string; password?: string }): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const field of ['name', 'email', 'password'] as const) {
    if (!values[field]?.trim()) errors[field] = REQUIRED_FIELDS_MESSAGE
  }
  return errors
}
