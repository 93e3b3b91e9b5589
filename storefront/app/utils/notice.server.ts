/**
 * One-time success notices after a form post redirects (post/redirect/get): the action
 * sets a short-lived cookie naming the notice, the next loader shows it and clears it.
 * The cookie carries a key, never text, so nothing in it is ever shown as given.
 */
import { readCookie } from '~/utils/api.server'

const COOKIE = 'aero_notice'

export const NOTICES = {
  'booking-cancelled': 'Booking cancelled successfully',
  'profile-updated': 'Profile updated successfully',
  'password-changed': 'Password changed successfully',
  'email-preferences-saved': 'Email settings saved',
  'waitlist-left': 'You have left the waitlist.',
  'bumiputera-declared': 'Bumiputera status declared. It will be verified by staff.',
} as const

export type NoticeKey = keyof typeof NOTICES

export interface Notice {
  /** Tells one showing from the next, so a repeated notice shows again. */
  id: string
  text: string
}

/** The Set-Cookie value that hands `key` to the next page. */
export function noticeCookie(key: NoticeKey): string {
  return `${COOKIE}=${key}.${Date.now().toString(36)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`
}

/** The pending notice of this request, and the Set-Cookie values that clear it. */
export function takeNotice(request: Request): { notice: Notice | null; setCookies: string[] } {
  const value = readCookie(request, COOKIE)
  if (!value) return { notice: null, setCookies: [] }
  const [key, stamp = ''] = value.split('.')
  const text = Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null
  return {
    notice: text ? { id: `${key}.${stamp}`, text } : null,
    setCookies: [`${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`],
  }
}
