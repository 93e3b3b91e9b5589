/**
 * The profile's email switches, server side (docs/notifications.md, "Email"): read for the
 * page, and saved from a plain form post. An unticked box is not posted, so the form names
 * every kind it showed (`kinds`) and each ticked one (`email`).
 */
import { EMAIL_PREFERENCES_INTENT } from '~/components/account/email-preferences-card'
import { getEmailPreferences, updateEmailPreferences } from '~/models/notifications.server'
import type { EmailPreference } from '~/models/notifications.server'
import { ApiError } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'

export const EMAIL_PREFERENCES_SAVE_FAILED = 'Your email settings could not be saved. Please try again.'

export interface EmailPreferencesResult {
  intent: typeof EMAIL_PREFERENCES_INTENT
  formError: string
}

/** The switches, or null when the backend could not say (the page shows the rest anyway). */
export async function loadEmailPreferences(
  request: Request
): Promise<{ preferences: EmailPreference[] | null; setCookies: string[] }> {
  try {
    const { data, setCookies } = await getEmailPreferences(request)
    return { preferences: data, setCookies }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    return { preferences: null, setCookies: error.setCookies }
  }
}

/** The choices a posted form makes: every kind it showed, on when ticked. */
export function readEmailPreferences(form: FormData): Array<{ kind: string; email: boolean }> {
  const ticked = new Set(form.getAll('email').map(String))
  const shown = [...new Set(form.getAll('kinds').map(String))].filter(Boolean)
  return shown.map((kind) => ({ kind, email: ticked.has(kind) }))
}

/** PUT /api/notifications/preferences; the backend checks each kind is one the person receives. */
export async function submitEmailPreferences(
  request: Request,
  form: FormData
): Promise<
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; result: EmailPreferencesResult; setCookies: string[] }
> {
  const preferences = readEmailPreferences(form)
  const failed = (status: number, formError: string, setCookies: string[] = []) => {
    const result: EmailPreferencesResult = { intent: EMAIL_PREFERENCES_INTENT, formError }
    return { ok: false as const, status, result, setCookies }
  }
  if (preferences.length === 0) return failed(400, EMAIL_PREFERENCES_SAVE_FAILED)
  try {
    const { setCookies } = await updateEmailPreferences(request, preferences)
    return { ok: true, setCookies }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const message =
      error.status > 0 && error.status < 500
        ? (error.fieldErrors[0]?.message ?? error.serverMessage ?? EMAIL_PREFERENCES_SAVE_FAILED)
        : EMAIL_PREFERENCES_SAVE_FAILED
    return failed(error.status || 502, message, error.setCookies)
  }
}
