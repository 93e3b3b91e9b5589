import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): SHA-1, 6 digits, 30-second steps,
 * what every authenticator app speaks. A code is accepted for the step before, the current one
 * and the one after (clock drift), and the step it matched is answered so that the caller can
 * refuse it a second time.
 */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
const DRIFT_STEPS = 1
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A fresh 160-bit secret (the size RFC 4226 recommends), base32 as authenticator apps take it. */
export function generateSecret(): string {
  return base32Encode(randomBytes(20))
}

export function timeStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS)
}

/** The code of one time step (HOTP with the step as counter). */
export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = digest[digest.length - 1] & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0')
}

/** The step `code` belongs to (within the drift allowed around `at`), or null. Timing-safe. */
export function matchingStep(secret: string, code: string, at: number = Date.now()): number | null {
  const given = code.replace(/\s+/g, '')
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(given)) return null
  const now = timeStep(at)
  let matched: number | null = null
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(codeAt(secret, step)), Buffer.from(given)) && matched === null) matched = step
  }
  return matched
}

/** The otpauth:// URI authenticator apps read from a QR code. */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }) {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  })
  return `otpauth://totp/${label}?${params.toString()}`
}

export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let output = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31]
  return output
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index === -1) throw new Error('Invalid base32 secret')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}
