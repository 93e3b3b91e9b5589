import { createHmac, randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { appKey } from '#config/app'

/**
 * A browser that signed in to an account before passes that account's sign-in limit, so guessing a password
 * from many addresses never locks the owner out of their own browser. The cookie goes to `/` because the
 * storefront signs in on the browser's behalf and passes its cookies on.
 */
export const KNOWN_DEVICE_COOKIE = 'aero_device'
const KNOWN_DEVICE_AGE = '180d'
/** A shared computer remembers the last few accounts signed in on it. */
const MAX_ACCOUNTS = 10

export type KnownDevice = { id: string; accounts: string[] }

/**
 * An account's pseudonym (a keyed hash of its email): what the sign-in limits count and what
 * a device cookie names, without the email itself.
 */
export function accountTag(email: string): string {
  return createHmac('sha256', appKey.release())
    .update(`sign-in:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22)
}

/** The device the request comes from, when its cookie is there and its signature holds. */
export function readKnownDevice(ctx: HttpContext): KnownDevice | null {
  const value: unknown = ctx.request.cookie(KNOWN_DEVICE_COOKIE)
  if (!value || typeof value !== 'object') return null
  const { id, accounts } = value as Partial<KnownDevice>
  if (typeof id !== 'string' || !Array.isArray(accounts)) return null
  return { id, accounts: accounts.filter((account): account is string => typeof account === 'string') }
}

export function knowsAccount(device: KnownDevice | null, email: string): boolean {
  return device !== null && device.accounts.includes(accountTag(email))
}

/** Answers the cookie as a `name=value` pair, for an API client to send back. */
export function rememberDevice(ctx: HttpContext, email: string): string {
  const current = readKnownDevice(ctx)
  const tag = accountTag(email)
  const device: KnownDevice = {
    id: current?.id ?? randomBytes(16).toString('base64url'),
    accounts: [tag, ...(current?.accounts ?? []).filter((account) => account !== tag)].slice(0, MAX_ACCOUNTS),
  }
  ctx.response.cookie(KNOWN_DEVICE_COOKIE, device, {
    maxAge: KNOWN_DEVICE_AGE,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  })
  const setCookies = ([] as Array<string | number>).concat(ctx.response.getHeader('set-cookie') ?? [])
  const line = setCookies.map(String).findLast((cookie) => cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
  return line ? line.split(';')[0] : ''
}
