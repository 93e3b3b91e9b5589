import { data } from '@remix-run/node'
import type { User } from '@aero/shared/user'
import { submitPasswordChange, submitProfile } from '~/utils/account-forms.server'
import { cookieHeaders } from '~/utils/api.server'
import { backToDashboard } from './back-to-dashboard.server'

/** `update-profile`: My Profile's form (name, phone, address). */
export async function updateProfileIntent(request: Request, form: FormData, user: User) {
  const outcome = await submitProfile(request, form, user)
  if (outcome.ok) return backToDashboard(request, 'profile-updated', { tab: 'profile', edit: null }, outcome.setCookies)
  const { ok: _ok, status, setCookies, ...result } = outcome
  return data({ intent: 'update-profile' as const, ...result }, { status, headers: cookieHeaders(setCookies) })
}

/** `change-password`: the Change Password dialog of My Profile. */
export async function changePasswordIntent(request: Request, form: FormData) {
  const outcome = await submitPasswordChange(request, form)
  if (outcome.ok) {
    return backToDashboard(request, 'password-changed', { tab: 'profile', dialog: null }, outcome.setCookies)
  }
  const { ok: _ok, status, setCookies, values: _values, ...result } = outcome
  return data({ intent: 'change-password' as const, ...result }, { status, headers: cookieHeaders(setCookies) })
}
