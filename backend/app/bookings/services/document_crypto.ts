import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { pipeline, Transform, type Readable } from 'node:stream'
import documentsConfig, { type DocumentKeyring, type MasterKey } from '#config/documents'

/**
 * Booking documents are encrypted before they reach the disk (local folder or S3 bucket alike):
 * AES-256-GCM under a random key of their own (the data key), which is kept only wrapped
 * (AES-256-GCM again) by the master key from configuration (config/documents.ts, never APP_KEY).
 * The wrapped key, the master key's id, the nonce and the tag are rows of `document_keys`;
 * the stored object is the ciphertext only, as long as the file.
 */

const ALGORITHM = 'aes-256-gcm'
/** Binds the content to this format; the wrapped key is bound to the object's storage key. */
const CONTENT_AAD = Buffer.from('aero-document:v1')
const wrapAad = (storageKey: string) => Buffer.from(`aero-document-key:v1:${storageKey}`)

export class DocumentIntegrityError extends Error {
  constructor(message = 'The stored document failed its integrity check (altered or wrong key).') {
    super(message)
  }
}

let keyring: DocumentKeyring = documentsConfig.keyring

/** The keyring in force: the configured one, or the one a test or a command put in place. */
export function documentKeyring() {
  return keyring
}

/** Puts another keyring in force (tests and commands); answers the one it replaces. */
export function useDocumentKeyring(next: DocumentKeyring) {
  const before = keyring
  keyring = next
  return before
}

function masterKey(id: string): MasterKey {
  const found = [keyring.current, ...keyring.previous].find((key) => key.id === id)
  if (!found) {
    throw new DocumentIntegrityError(
      `The master key "${id}" is not configured: keep it in DOCUMENTS_PREVIOUS_MASTER_KEYS until \`node ace documents:rotate-key\` has run.`
    )
  }
  return found
}

/** What `document_keys` keeps of an encrypted object (binary values in base64). */
export type DocumentKeyMaterial = { keyId: string; wrappedKey: string; iv: string; tag: string }

export function wrapDataKey(dataKey: Buffer, storageKey: string, under: MasterKey = keyring.current) {
  const iv = randomBytes(12)
  const cipher = createCipheriv(ALGORITHM, under.key, iv)
  cipher.setAAD(wrapAad(storageKey))
  const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()])
  return { keyId: under.id, wrappedKey: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64') }
}

export function unwrapDataKey(material: Pick<DocumentKeyMaterial, 'keyId' | 'wrappedKey'>, storageKey: string) {
  const wrapped = Buffer.from(material.wrappedKey, 'base64')
  if (wrapped.length !== 12 + 32 + 16) throw new DocumentIntegrityError('The wrapped document key is malformed.')
  const decipher = createDecipheriv(ALGORITHM, masterKey(material.keyId).key, wrapped.subarray(0, 12))
  decipher.setAAD(wrapAad(storageKey))
  decipher.setAuthTag(wrapped.subarray(44))
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(12, 44)), decipher.final()])
  } catch {
    throw new DocumentIntegrityError('The document key could not be unwrapped (altered or wrong master key).')
  }
}

/**
 * A new data key and the stream that encrypts a file under it. `material()` answers the
 * key's record once the stream has ended (the tag is known only then).
 */
export function encryptingStream(storageKey: string) {
  const dataKey = randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv(ALGORITHM, dataKey, iv)
  cipher.setAAD(CONTENT_AAD)
  const wrapped = wrapDataKey(dataKey, storageKey)
  dataKey.fill(0)
  return {
    stream: cipher as Transform,
    material(): DocumentKeyMaterial {
      return { ...wrapped, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') }
    },
  }
}

/**
 * The plain bytes of an encrypted object, streamed as they are read (no whole file in memory).
 * The GCM tag is checked at the end, and the last chunk is held back until it passes: an
 * altered or truncated object never yields its complete content, the stream fails instead
 * (a small file fails before its first byte is sent).
 */
export function decryptingStream(source: Readable, material: DocumentKeyMaterial, storageKey: string): Readable {
  const dataKey = unwrapDataKey(material, storageKey)
  const decipher = createDecipheriv(ALGORITHM, dataKey, Buffer.from(material.iv, 'base64'))
  dataKey.fill(0)
  decipher.setAAD(CONTENT_AAD)
  decipher.setAuthTag(Buffer.from(material.tag, 'base64'))
  let held: Buffer | null = null
  const plain = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = decipher.update(chunk)
      if (held?.length) this.push(held)
      held = out
      callback()
    },
    flush(callback) {
      try {
        const last = decipher.final()
        if (held?.length) this.push(held)
        if (last.length) this.push(last)
        callback()
      } catch {
        callback(new DocumentIntegrityError())
      }
    },
  })
  // Either side failing or closing early ends both (a client gone away frees the file or the socket).
  return pipeline(source, plain, () => {})
}
