/**
 * The account forms' server side, shared by /enhanced-dashboard and /profile: the same
 * rules as the browser checks, the backend's answer mapped onto the fields, and what the
 * user typed handed back on any failure (passwords excepted).
 */
import type { User } from '@aero/shared/user'
import { changePassword, updateProfile } from '~/models/account.server'
import type { ProfileChanges } from '~/models/account.server'
import { PASSWORD_MESSAGES, PROFILE_MESSAGES, validatePasswordChange, validateProfile } from '~/utils/account'
import type { PasswordChangeValues, ProfileValues } from '~/utils/account'
import { ApiError } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { hasErrors, readTextFields } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

export type FormOutcome<Field extends string, Values> =
  | { ok: true; setCookies: string[] }
  | {
      ok: false
      status: number
      values: Values
      fieldErrors: FieldErrors<Field>
      formError: string | null
      setCookies: string[]
    }

type ProfileField = keyof ProfileValues
const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'phone', 'address']

/**
 * PUT /api/auth/me with the fields the form has (`fields`). Only what changed is sent
 * besides the name, so a stored value the rules no longer accept does not block saving
 * the others.
 */
export async function submitProfile(
  request: Request,
  form: FormData,
  user: User,
  fields: readonly ProfileField[] = PROFILE_FIELDS
): Promise<FormOutcome<ProfileField, Partial<ProfileValues>>> {
  const typed = readTextFields(form, fields)
  const values: Partial<ProfileValues> = {}
  for (const field of fields) values[field] = typed[field].trim()

  const fieldErrors = validateProfile(values)
  const current = { phone: user.phone ?? '', address: user.address ?? '' }
  // The phone on record is kept as it was typed back then: only a changed one is checked.
  if (fieldErrors.phone && values.phone === current.phone) delete fieldErrors.phone
  if (hasErrors(fieldErrors)) {
    return { ok: false, status: 400, values, fieldErrors, formError: null, setCookies: [] }
  }

  const changes: ProfileChanges = { name: values.name ?? user.name }
  if (values.phone !== undefined && values.phone !== current.phone) changes.phone = values.phone || null
  if (values.address !== undefined && values.address !== current.address) changes.address = values.address || null

  try {
    const { setCookies } = await updateProfile(request, changes)
    return { ok: true, setCookies }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, fields)
    return {
      ok: false,
      status: error.status || 502,
      values,
      fieldErrors: serverFieldErrors,
      formError: hasErrors(serverFieldErrors)
        ? null
        : error.status > 0 && error.status < 500 && error.serverMessage
          ? error.serverMessage
          : PROFILE_MESSAGES.failed,
      setCookies: error.setCookies,
    }
  }
}

type PasswordField = keyof PasswordChangeValues
const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword']

/** POST /api/auth/change-password; the passwords are never sent back to the page. */
export async function submitPasswordChange(
  request: Request,
  form: FormData
): Promise<FormOutcome<PasswordField, Record<string, never>>> {
  const values = readTextFields(form, PASSWORD_FIELDS)
  const fieldErrors = validatePasswordChange(values)
  if (hasErrors(fieldErrors))
    return { ok: false, status: 400, values: {}, fieldErrors, formError: null, setCookies: [] }

  try {
    const { setCookies } = await changePassword(request, { ...values, ...secondFactorOf(form.get('code')) })
    return { ok: true, setCookies }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, PASSWORD_FIELDS)
    return {
      ok: false,
      status: error.status || 502,
      values: {},
      fieldErrors: serverFieldErrors,
      formError: hasErrors(serverFieldErrors) ? null : passwordFailureMessage(error),
      setCookies: error.setCookies,
    }
  }
}

/** Staff with two-step sign-in on confirm with a code from the app (6 digits) or a recovery code. */
function secondFactorOf(value: FormDataEntryValue | null): { code?: string; recoveryCode?: string } {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) return {}
  return /^\d{3}\s?\d{3}$/.test(text) ? { code: text } : { recoveryCode: text }
}

/** Password failures: 500, no answer, then the server's message (requirements: account.md#change-password). */
function passwordFailureMessage(error: ApiError): string {
  if (error.status === 0) return PASSWORD_MESSAGES.noResponse
  if (error.status >= 500) return PASSWORD_MESSAGES.serverError
  return error.serverMessage || PASSWORD_MESSAGES.failed
}
