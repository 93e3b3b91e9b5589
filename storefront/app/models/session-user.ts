import type { User } from '@aero/shared/user'

export interface AuthSession {
  expiresAt: string
  windowEndsAt: string
}

/** What the browser needs to know about the signed-in user to draw the site chrome. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'role' | 'agencyId' | 'agencyName' | 'agencyStatus'>

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    agencyId: user.agencyId,
    agencyName: user.agencyName,
    agencyStatus: user.agencyStatus,
  }
}
