/**
 * The signed-in user's own account (backend/app/identity, docs/api-identity.md): the
 * sign-in's expiry and its extension, the profile, the password.
 */
import type { User } from '@aero/shared/user'
import type { AuthSession } from '~/models/session-user'
import { apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

export interface SessionState {
  user: User
  session: AuthSession
}

/** GET /api/auth/session: when the sign-in expires (401 once it has). */
export function getSession(request: Request): Promise<ApiResponse<SessionState>> {
  return apiRequest<SessionState>(request, '/api/auth/session')
}

/** POST /api/auth/session/extend: 24 more hours, within the 30-day window. */
export function extendSession(request: Request): Promise<ApiResponse<SessionState>> {
  return apiRequest<SessionState>(request, '/api/auth/session/extend', { method: 'POST' })
}

/** What PUT /api/auth/me changes; a field left out stays as it is. */
export interface ProfileChanges {
  name: string
  phone?: string | null
  address?: string | null
}

export function updateProfile(request: Request, changes: ProfileChanges): Promise<ApiResponse<User>> {
  return apiRequest<User>(request, '/api/auth/me', { method: 'PUT', body: changes })
}

export interface PasswordChange {
  currentPassword: string
  newPassword: string
  confirmPassword: string
  /** With two-step sign-in on: a code from the app or a recovery code. */
  code?: string
  recoveryCode?: string
}

/** A wrong current password is a 422 on `currentPassword`, not a 401. */
export function changePassword(request: Request, change: PasswordChange): Promise<ApiResponse<{ message: string }>> {
  return apiRequest<{ message: string }>(request, '/api/auth/change-password', { method: 'POST', body: change })
}
