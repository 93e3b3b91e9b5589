import { generateSecret as newSecret, generateSync, generateURI, verifySync } from 'otplib'

/**
 * SHA-1, 6 digits, 30-second steps (what every authenticator app speaks); a step either side is accepted for
 * clock drift, and the matched step is answered so it can be refused a second time.
 */
export const TOTP_PERIOD_SECONDS = 30
const DRIFT_SECONDS = TOTP_PERIOD_SECONDS

/** A fresh 160-bit secret, base32 as authenticator apps take it. */
export function generateSecret(): string {
  return newSecret({ length: 20 })
}

export function timeStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS)
}

export function codeAt(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS })
}

/** The step `code` belongs to (within the drift allowed around `at`), or null. */
export function matchingStep(secret: string, code: string, at: number = Date.now()): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const result = verifySync({ secret, token, epoch: Math.floor(at / 1000), epochTolerance: DRIFT_SECONDS })
  return result.valid ? timeStep(at) + result.delta : null
}

/** The otpauth:// URI authenticator apps read from a QR code, with the defaults spelt out for apps that guess otherwise. */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }) {
  return `${generateURI({ issuer, label: account, secret })}&algorithm=SHA1&digits=6&period=${TOTP_PERIOD_SECONDS}`
}
