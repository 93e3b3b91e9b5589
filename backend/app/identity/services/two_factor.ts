import { createHmac, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import encryption from '@adonisjs/core/services/encryption'
import limiter from '@adonisjs/limiter/services/main'
import QRCode from 'qrcode'
import env from '#start/env'
import { appKey } from '#config/app'
import { AppError } from '#core/errors'
import { isSuperAdmin } from '#core/roles'
import type User from '#identity/models/user'
import { generateSecret, matchingStep, otpauthUri } from '#identity/services/totp'

export const RECOVERY_CODE_COUNT = 10
const ISSUER = 'Aero Property'
const CHALLENGE_PURPOSE = 'two-factor-sign-in'
/** How long the password step's challenge lets the code step complete the sign-in. */
export const CHALLENGE_TTL = '5 minutes'

export const TWO_FACTOR_ALREADY_ON = 'Two-step sign-in is already on. Turn it off first to set it up again.'
export const TWO_FACTOR_NOT_STARTED = 'Start the two-step sign-in setup first.'
export const TWO_FACTOR_NOT_ON = 'Two-step sign-in is not on for this account.'
export const INVALID_TWO_FACTOR_CODE = 'Invalid code. Please try again.'
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.'
export const TWO_FACTOR_SETUP_REQUIRED =
  'Two-step sign-in is required for super admins. Set it up on My Profile before continuing.'

export type TwoFactorStatus = {
  enabled: boolean
  pending: boolean
  recoveryCodesRemaining: number
  /** The deployment requires it for this account (super admins, TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS). */
  required: boolean
}

export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrSvg: string }

export type SecondFactorProof = { code?: string | null; recoveryCode?: string | null }

type TwoFactorRow = { user_id: number; secret: string; enabled_at: Date | null; last_used_step: number | null }

/** The deployment requires two-step sign-in of super admins (read per call: tests change it). */
export function requiredFor(user: Pick<User, 'role'>): boolean {
  return isSuperAdmin(user.role) && String(env.get('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS')) === 'true'
}

async function findRow(userId: number): Promise<TwoFactorRow | null> {
  return (await db.from('user_two_factors').where('user_id', userId).first()) ?? null
}

export async function isEnabled(userId: number): Promise<boolean> {
  const row = await db
    .from('user_two_factors')
    .where('user_id', userId)
    .whereNotNull('enabled_at')
    .select('user_id')
    .first()
  return Boolean(row)
}

/** Super admins who must have it and do not yet: signed in only to set it up (auth middleware). */
export async function mustEnrol(user: User): Promise<boolean> {
  return requiredFor(user) && !(await isEnabled(user.id))
}

export async function status(user: User): Promise<TwoFactorStatus> {
  const row = await findRow(user.id)
  const remaining = row?.enabled_at
    ? Number(
        (
          await db
            .from('user_recovery_codes')
            .where('user_id', user.id)
            .whereNull('used_at')
            .count('* as total')
            .first()
        )?.total ?? 0
      )
    : 0
  return {
    enabled: Boolean(row?.enabled_at),
    pending: Boolean(row && !row.enabled_at),
    recoveryCodesRemaining: remaining,
    required: requiredFor(user),
  }
}

/** The secret is answered here only; once confirmed it never leaves the server again. */
export async function startSetup(user: User): Promise<TwoFactorSetup> {
  const row = await findRow(user.id)
  if (row?.enabled_at) throw AppError.conflict(TWO_FACTOR_ALREADY_ON)
  const secret = generateSecret()
  const now = new Date()
  const values = { secret: encryption.encrypt(secret), enabled_at: null, last_used_step: null, updated_at: now }
  if (row) await db.from('user_two_factors').where('user_id', user.id).update(values)
  else await db.table('user_two_factors').insert({ user_id: user.id, created_at: now, ...values })
  const otpauthUrl = otpauthUri({ secret, account: user.email, issuer: ISSUER })
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secret, otpauthUrl, qrSvg }
}

/** Turns it on with a code from the app; answers the recovery codes (shown once). */
export async function confirmSetup(user: User, code: string): Promise<string[]> {
  const row = await findRow(user.id)
  if (!row) throw AppError.invalid('code', TWO_FACTOR_NOT_STARTED)
  if (row.enabled_at) throw AppError.conflict(TWO_FACTOR_ALREADY_ON)
  const step = matchingStep(decryptSecret(row), code)
  if (step === null) throw AppError.invalid('code', INVALID_TWO_FACTOR_CODE)
  return db.transaction(async (trx) => {
    const updated = await trx
      .from('user_two_factors')
      .where('user_id', user.id)
      .whereNull('enabled_at')
      .update({ enabled_at: new Date(), last_used_step: step, updated_at: new Date() })
    if (!affected(updated)) throw AppError.conflict(TWO_FACTOR_ALREADY_ON)
    return replaceRecoveryCodes(user.id, trx)
  })
}

/** Turns it off (the caller has had the owner prove themselves: owner_proof.ts). Answers whether it was on. */
export async function disable(userId: number, trx?: TransactionClientContract): Promise<boolean> {
  const client = trx ?? db
  const removed = await client.from('user_two_factors').where('user_id', userId).delete()
  await client.from('user_recovery_codes').where('user_id', userId).delete()
  return affected(removed)
}

/** A fresh set of recovery codes; the old ones stop working (the caller has had the owner prove themselves). */
export async function regenerateRecoveryCodes(user: User): Promise<string[]> {
  const row = await findRow(user.id)
  if (!row?.enabled_at) throw AppError.invalid('code', TWO_FACTOR_NOT_ON)
  return db.transaction((trx) => replaceRecoveryCodes(user.id, trx))
}

/** Each code step and recovery code is spent by a conditional update, so a replay or a race loses. */
export async function verifySecondFactor(userId: number, { code, recoveryCode }: SecondFactorProof): Promise<boolean> {
  const row = await findRow(userId)
  if (!row?.enabled_at) return false
  if (code) {
    const step = matchingStep(decryptSecret(row), code)
    if (step === null) return false
    const updated = await db
      .from('user_two_factors')
      .where('user_id', userId)
      .where((query) => query.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step, updated_at: new Date() })
    return affected(updated)
  }
  if (recoveryCode) {
    const updated = await db
      .from('user_recovery_codes')
      .where('user_id', userId)
      .where('code_hash', recoveryHash(recoveryCode))
      .whereNull('used_at')
      .update({ used_at: new Date() })
    return affected(updated)
  }
  return false
}

export type Challenge = { userId: number; pw: string; id: string }

/** Signed, encrypted, short-lived, void once the password changes, and spent by one completed sign-in. */
export function issueChallenge(user: User): string {
  const id = randomBytes(12).toString('base64url')
  return encryption.encrypt({ userId: user.id, pw: passwordFingerprint(user), id }, CHALLENGE_TTL, CHALLENGE_PURPOSE)
}

export function readChallenge(challenge: string): Challenge | null {
  const payload = encryption.decrypt<{ userId?: unknown; pw?: unknown; id?: unknown }>(challenge, CHALLENGE_PURPOSE)
  if (!payload || typeof payload.userId !== 'number' || typeof payload.pw !== 'string') return null
  if (typeof payload.id !== 'string') return null
  return { userId: payload.userId, pw: payload.pw, id: payload.id }
}

/** In the limiter's store, shared by every instance. */
const spentChallenges = () => limiter.use({ requests: 1, duration: '6 mins' })

export async function challengeSpent(challenge: Challenge): Promise<boolean> {
  const spent = await spentChallenges().get(`2fa-challenge:${challenge.id}`)
  return Boolean(spent && spent.remaining <= 0)
}

export async function spendChallenge(challenge: Challenge): Promise<boolean> {
  const { consumed } = await spentChallenges().increment(`2fa-challenge:${challenge.id}`)
  return consumed === 1
}

export function challengeMatches(user: User, challenge: { pw: string }): boolean {
  return passwordFingerprint(user) === challenge.pw
}

function passwordFingerprint(user: User): string {
  return createHmac('sha256', appKey.release()).update(`2fa:${user.password}`).digest('base64url').slice(0, 16)
}

async function replaceRecoveryCodes(userId: number, trx: TransactionClientContract) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode())
  await trx.from('user_recovery_codes').where('user_id', userId).delete()
  const now = new Date()
  await trx
    .table('user_recovery_codes')
    .multiInsert(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code), created_at: now })))
  return codes
}

/** `xxxxx-xxxxx`: 50 bits from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(10)
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** Recovery codes are random, so a keyed hash is enough (no slow hash needed to resist guessing). */
function recoveryHash(code: string): string {
  const normal = code.trim().toLowerCase().replace(/[\s-]/g, '')
  return createHmac('sha256', appKey.release()).update(`recovery:${normal}`).digest('hex')
}

function decryptSecret(row: TwoFactorRow): string {
  const secret = encryption.decrypt<string>(row.secret)
  if (!secret) throw new Error('The two-step sign-in secret could not be decrypted (APP_KEY changed?)')
  return secret
}

function affected(result: unknown): boolean {
  const count = Array.isArray(result) ? Number(result[0]) : Number(result)
  return count > 0
}
