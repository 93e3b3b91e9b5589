import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors, type Limiter } from '@adonisjs/limiter'
import { AppError } from '#core/errors'
import User from '#identity/models/user'
import { accountTag, knowsAccount, type KnownDevice } from '#identity/services/known_devices'

export type SignInAttempt = { email: string; ip: string; device: KnownDevice | null }

export type Admission = {
  attempt: SignInAttempt
  account: string
  /** Set when a known device let the attempt past the account's limit. */
  deviceKey: string | null
  /** Not from a known device, nor for an email without an account. */
  accountCounted: boolean
  /** The attempt's number among the account's recent attempts (when it went through the account's limit). */
  accountAttempt: number
}

/** An account's failed attempts when its owner is told about them (once per episode). */
export type TargetedAccountReport = {
  email: string
  failures: number
  addresses: number
  firstFailureAt: Date
  lastFailureAt: Date
}

const ADDRESS_LIMIT = { failures: 10, window: '15 mins' }
const DEVICE_LIMIT = { failures: 10, window: '15 mins' }
/**
 * Addresses rotate (a botnet has thousands): the first failures are free, then each attempt waits longer, at
 * most 15 min, so the owner is never kept out for long, and not at all from a known device.
 */
const ACCOUNT_LIMIT = {
  freeFailures: 20,
  window: '24 hours',
  windowSeconds: 24 * 60 * 60,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
}

/** The wait before the attempt after account attempt number `attempt` (past the free ones). */
export function accountDelaySeconds(attempt: number): number {
  const beyond = Math.max(0, attempt - ACCOUNT_LIMIT.freeFailures - 1)
  return Math.min(ACCOUNT_LIMIT.maxDelaySeconds, ACCOUNT_LIMIT.firstDelaySeconds * 2 ** Math.min(beyond, 16))
}

/**
 * Counted in the limiter store so they hold across instances: per address and email; per account whatever
 * the address (counted when let through, so a burst from many addresses cannot slip past); and per known
 * device, so a stolen device cookie is no master key. An email without an account gets the address count
 * only: spraying made-up emails adds one row per guess, and is never held by an account's limit.
 */
export default class SignInThrottle {
  async admit(attempt: SignInAttempt): Promise<Admission> {
    const account = accountTag(attempt.email)
    const byAddress = await addressFailures().get(addressKey(attempt))
    if (byAddress && byAddress.remaining <= 0) throw tooManyAttempts(byAddress.availableIn)

    if (knowsAccount(attempt.device, attempt.email)) {
      const deviceKey = `login-device:${attempt.device!.id}:${account}`
      const byDevice = await deviceFailures().get(deviceKey)
      if (!byDevice || byDevice.remaining > 0) {
        return { attempt, account, deviceKey, accountCounted: false, accountAttempt: 0 }
      }
    }
    if (!(await hasAccount(attempt.email))) {
      return { attempt, account, deviceKey: null, accountCounted: false, accountAttempt: 0 }
    }
    return { attempt, account, deviceKey: null, accountCounted: true, accountAttempt: await passAccountLimit(account) }
  }

  /** Counts a failed attempt; answers the report to send its owner when this failure starts an episode. */
  async failed(admission: Admission): Promise<TargetedAccountReport | null> {
    await countFailure(addressFailures(), addressKey(admission.attempt), ADDRESS_LIMIT.window)
    if (admission.deviceKey) {
      await countFailure(deviceFailures(), admission.deviceKey, DEVICE_LIMIT.window)
      return null
    }
    if (!admission.accountCounted) return null
    await noteAddress(admission)
    if (admission.accountAttempt <= ACCOUNT_LIMIT.freeFailures) return null
    return firstReportOfEpisode(admission)
  }

  async succeeded(admission: Admission) {
    await addressFailures().delete(addressKey(admission.attempt))
    if (admission.deviceKey) await deviceFailures().delete(admission.deviceKey)
    else await this.release(admission)
  }

  /** Takes an attempt that was no failure (a success, or a check that could not run) off the account's count. */
  async release(admission: Admission) {
    if (admission.accountCounted) await accountCounts().decrement(accountKey(admission.account))
  }
}

const addressFailures = () =>
  limiter.use({ requests: ADDRESS_LIMIT.failures, duration: ADDRESS_LIMIT.window, blockDuration: ADDRESS_LIMIT.window })
const deviceFailures = () =>
  limiter.use({ requests: DEVICE_LIMIT.failures, duration: DEVICE_LIMIT.window, blockDuration: DEVICE_LIMIT.window })
/** Counts over the account's window (its attempts, the addresses they came from). */
const accountCounts = () => limiter.use({ requests: ACCOUNT_LIMIT.freeFailures, duration: ACCOUNT_LIMIT.window })
/** Once per account's window (an address seen, the owner told). */
const oncePerWindow = () => limiter.use({ requests: 1, duration: ACCOUNT_LIMIT.window })
/** The account's next slot: taken by one attempt, held for its delay. */
const accountWait = () => limiter.use({ requests: 1, duration: ACCOUNT_LIMIT.maxDelaySeconds })

// The database store keeps every limiter's keys in one table.
const addressKey = ({ ip, email }: SignInAttempt) => `login:${ip}:${email}`
const accountKey = (account: string) => `login-account:${account}`
const waitKey = (account: string) => `login-account-wait:${account}`
const toldKey = (account: string) => `login-account-told:${account}`
const addressesKey = (account: string) => `login-account-addresses:${account}`
const seenKey = (account: string, ip: string) => `login-account-from:${account}:${ip}`

async function hasAccount(email: string): Promise<boolean> {
  return (await User.query().where('email', email).select('id').first()) !== null
}

async function passAccountLimit(account: string): Promise<number> {
  const waiting = await accountWait().get(waitKey(account))
  if (waiting && waiting.remaining <= 0) throw accountTooManyAttempts(waiting.availableIn)

  const { consumed } = await accountCounts().increment(accountKey(account))
  if (consumed <= ACCOUNT_LIMIT.freeFailures) return consumed
  try {
    await accountWait().consume(waitKey(account))
  } catch (error) {
    await accountCounts().decrement(accountKey(account))
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) throw accountTooManyAttempts(error.response.availableIn)
    throw error
  }
  await accountWait().block(waitKey(account), accountDelaySeconds(consumed))
  return consumed
}

async function countFailure(limit: Limiter, key: string, blockFor: string) {
  const { consumed, limit: allowed } = await limit.increment(key)
  if (consumed >= allowed) await limit.block(key, blockFor)
}

async function noteAddress({ account, attempt }: Admission) {
  try {
    await oncePerWindow().consume(seenKey(account, attempt.ip))
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return
    throw error
  }
  await accountCounts().increment(addressesKey(account))
}

async function firstReportOfEpisode({ account, attempt }: Admission): Promise<TargetedAccountReport | null> {
  try {
    await oncePerWindow().consume(toldKey(account))
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return null
    throw error
  }
  const attempts = await accountCounts().get(accountKey(account))
  const addresses = await accountCounts().get(addressesKey(account))
  const now = new Date()
  // The count's window opened with the first failure and closes a day later.
  const firstFailureAt = attempts
    ? new Date(now.getTime() + (attempts.availableIn - ACCOUNT_LIMIT.windowSeconds) * 1000)
    : now
  return {
    email: attempt.email,
    failures: attempts?.consumed ?? ACCOUNT_LIMIT.freeFailures + 1,
    addresses: addresses?.consumed ?? 1,
    firstFailureAt,
    lastFailureAt: now,
  }
}

function tooManyAttempts(seconds: number) {
  return AppError.tooManyRequests(
    `Too many login attempts. Please try again in ${inMinutes(seconds)}.`,
    Math.max(1, seconds)
  )
}

/** Lets a client offer the emailed link that makes this browser a known device (actions/trust_device.ts). */
export const ACCOUNT_LIMIT_REASON = 'account_limit'

function accountTooManyAttempts(seconds: number) {
  return AppError.tooManyRequests(
    `Too many failed login attempts on this account. Please try again in ${inMinutes(seconds)}, or sign in from a browser you have signed in with before. You can also ask for a sign-in link by email to trust this browser.`,
    Math.max(1, seconds),
    ACCOUNT_LIMIT_REASON
  )
}

function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
