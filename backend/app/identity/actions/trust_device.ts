import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import env from '#start/env'
import { AppError } from '#core/errors'
import User from '#identity/models/user'
import { accountTag } from '#identity/services/known_devices'

export const DEVICE_LINK_SUBJECT = 'Your link to sign in from a new browser'
export const DEVICE_LINK_SENT =
  'If an account uses this email, we have sent it a link that lets this browser sign in. The link works once, for 30 minutes.'
export const DEVICE_LINK_INVALID = 'This link has expired or was already used. Ask for a new one on the login page.'
export const DEVICE_TRUSTED = 'This browser is now trusted for your account. Sign in with your password.'
/** The storefront's page for the link: it posts the token to the confirm call. */
export const DEVICE_LINK_PATH = '/login/trust'

const TABLE = 'device_trust_links'
const LINK_TTL_MS = 30 * 60 * 1000
/** One email per account per 5 minutes: asking again is no way to flood an owner's mailbox. */
const PER_ACCOUNT = { requests: 1, duration: '5 mins' }
/** Asks from one address, whatever the email: 5 an hour. */
const PER_ADDRESS = { requests: 5, duration: '1 hour', blockDuration: '1 hour' }

/**
 * The way past the account's sign-in limit for a new browser or API client
 * (docs/decisions/013-device-trust-links.md): an emailed one-time token makes the device a known one, which
 * signs nobody in. Asking answers the same whether or not the email has an account.
 */
export default class TrustDevice {
  async request(email: string, ip: string): Promise<void> {
    await passAddressLimit(ip)
    const user = await User.findBy('email', email)
    if (!user || !(await firstInAccountWindow(email))) return

    const token = randomBytes(32).toString('base64url')
    const now = new Date()
    await db.table(TABLE).insert({
      user_id: user.id,
      token_hash: digest(token),
      expires_at: new Date(now.getTime() + LINK_TTL_MS),
      created_at: now,
    })
    void sendLink(user, token)
  }

  /** Spends the link's token; answers the account it is for (422 on field `token` when unusable). */
  async confirm(token: string): Promise<User> {
    const now = new Date()
    const tokenHash = digest(token)
    // A conditional update: of two uses at once, one wins.
    const spent = await db
      .from(TABLE)
      .where('token_hash', tokenHash)
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
    const link = affectedRows(spent) === 1 ? await db.from(TABLE).where('token_hash', tokenHash).first() : null
    const user = link ? await User.find(link.user_id) : null
    if (!user) throw AppError.invalid('token', DEVICE_LINK_INVALID)
    return user
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}

async function passAddressLimit(ip: string) {
  try {
    await limiter.use(PER_ADDRESS).consume(`device-link-address:${ip}`)
  } catch (error) {
    if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
    const seconds = Math.max(1, error.response.availableIn)
    const minutes = Math.max(1, Math.ceil(seconds / 60))
    throw AppError.tooManyRequests(
      `Too many sign-in link requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      seconds
    )
  }
}

/** False when the account was sent a link within the window: nothing is sent, the answer is the same. */
async function firstInAccountWindow(email: string): Promise<boolean> {
  try {
    await limiter.use(PER_ACCOUNT).consume(`device-link-account:${accountTag(email)}`)
    return true
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return false
    throw error
  }
}

/** A mail failure is logged; the asker was answered already. */
async function sendLink(user: User, token: string) {
  const url = `${env.get('APP_URL').replace(/\/+$/, '')}${DEVICE_LINK_PATH}?token=${encodeURIComponent(token)}`
  try {
    await mail.send((message) => {
      message.to(user.email, user.name).subject(DEVICE_LINK_SUBJECT).text(linkText(user, url))
    })
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'a device link could not be emailed')
  }
}

function linkText(user: User, url: string): string {
  return [
    `Hello ${user.name},`,
    '',
    `Someone, hopefully you, asked for a link to sign in to your account (${user.email}) from a new browser or app while sign-in attempts on it are slowed down.`,
    '',
    'Open this link in the browser you want to sign in from, within 30 minutes. It works once:',
    url,
    '',
    'The link does not sign you in: it lets that browser past the slowdown, and you then sign in with your password as usual (and your verification code if two-step sign-in is on).',
    '',
    'If you did not ask for it, you can ignore this email: the link is useless without your password.',
  ].join('\n')
}
