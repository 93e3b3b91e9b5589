import type { Identifier } from 'react-admin'
import { effectiveRole, type Role } from '../../../roles'

/**
 * Whether the users list offers Delete on a row. The backend refuses the rest
 * (requirements: super-admin.md#users-management; a
 * super admin cannot be deleted by another super admin; nobody deletes their own account), so
 * the list does not offer an action that can only fail.
 */
export function deleteOffered(user: { id: Identifier; role: Role }, signedInId: Identifier | undefined): boolean {
  if (signedInId !== undefined && String(user.id) === String(signedInId)) return false
  return effectiveRole(user.role) !== 'super_admin'
}
