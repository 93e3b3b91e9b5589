import { createHash, randomBytes } from 'node:crypto'
import { appendFileSync, chmodSync, existsSync } from 'node:fs'
import env from '#start/env'
import app from '@adonisjs/core/services/app'

/** A master key: wraps the per-document keys of the booking documents (never APP_KEY). */
export type MasterKey = { id: string; key: Buffer }

/** The master key new documents are wrapped under, and the earlier ones still readable. */
export type DocumentKeyring = { current: MasterKey; previous: MasterKey[] }

export const MASTER_KEY_HELP =
  'DOCUMENTS_MASTER_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`); see docs/privacy.md, "Security".'

/** A key's short public name when none is configured: the first bytes of its SHA-256. */
export function fingerprint(key: Buffer) {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 12)}`
}

export function parseMasterKey(value: string, id: string | undefined, setting: string): MasterKey {
  const key = Buffer.from(value.trim(), 'base64')
  if (key.length !== 32) throw new Error(`${setting} is not 32 bytes of base64. ${MASTER_KEY_HELP}`)
  const name = id?.trim() || fingerprint(key)
  if (!/^[\w.-]{1,64}$/.test(name)) throw new Error(`The id of ${setting} may use letters, digits, _ . - (64 at most)`)
  return { id: name, key }
}

/** `DOCUMENTS_PREVIOUS_MASTER_KEYS`: `id:base64` or `base64` entries, comma separated. */
export function parsePreviousKeys(value: string | undefined): MasterKey[] {
  if (!value?.trim()) return []
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':')
      return colon > 0
        ? parseMasterKey(entry.slice(colon + 1), entry.slice(0, colon), 'DOCUMENTS_PREVIOUS_MASTER_KEYS')
        : parseMasterKey(entry, undefined, 'DOCUMENTS_PREVIOUS_MASTER_KEYS')
    })
}

/**
 * The keyring of a current key and the previous ones. The current key listed again is dropped
 * by its bytes, not its id: an old key kept under the new key's id stays readable (the check
 * values of app/bookings/services/document_crypto.ts tell the two apart).
 */
export function keyringOf(current: MasterKey, previous: MasterKey[]): DocumentKeyring {
  return { current, previous: previous.filter((key) => !key.key.equals(current.key)) }
}

/**
 * The documents' master key from DOCUMENTS_MASTER_KEY (+ DOCUMENTS_MASTER_KEY_ID), with the keys
 * of a rotation under way in DOCUMENTS_PREVIOUS_MASTER_KEYS. In production a missing key stops
 * the start with a clear error; in development one is generated once and written to
 * backend/.env, as `npm start` writes APP_KEY (tests take theirs from .env.test).
 */
function keyringFromEnv(): DocumentKeyring {
  let value = env.get('DOCUMENTS_MASTER_KEY')?.release()
  let id = env.get('DOCUMENTS_MASTER_KEY_ID')
  if (!value) {
    if (app.inProduction || app.inTest) {
      throw new Error(`DOCUMENTS_MASTER_KEY is not set: booking documents cannot be encrypted. ${MASTER_KEY_HELP}`)
    }
    value = randomBytes(32).toString('base64')
    id = fingerprint(Buffer.from(value, 'base64'))
    const envFile = app.makePath('.env')
    appendFileSync(
      envFile,
      `${existsSync(envFile) ? '\n' : ''}# Generated on first start: encrypts booking documents (keep it, or they cannot be read)\nDOCUMENTS_MASTER_KEY=${value}\nDOCUMENTS_MASTER_KEY_ID=${id}\n`,
      { mode: 0o600 }
    )
    // It holds keys: its owner's only, even when it existed before with wider rights.
    chmodSync(envFile, 0o600)
    process.env.DOCUMENTS_MASTER_KEY = value
    process.env.DOCUMENTS_MASTER_KEY_ID = id
  }
  return keyringOf(
    parseMasterKey(value, id, 'DOCUMENTS_MASTER_KEY'),
    parsePreviousKeys(env.get('DOCUMENTS_PREVIOUS_MASTER_KEYS')?.release())
  )
}

const documentsConfig = { keyring: keyringFromEnv() }

export default documentsConfig
