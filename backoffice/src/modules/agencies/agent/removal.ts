import type { User } from '@aero/shared/user'

/**
 * Whether Agency Users offers Remove on a person. The backend refuses the rest: nobody removes
 * themselves (requirements: agent-admin.md#agency-users), and only a super admin removes an agent admin. An
 * action that can only
 * fail is not offered.
 */
export function removalOffered(person: Pick<User, 'id' | 'role'>, me: Pick<User, 'id'> | undefined): boolean {
  if (!me || String(person.id) === String(me.id)) return false
  return person.role === 'user'
}
