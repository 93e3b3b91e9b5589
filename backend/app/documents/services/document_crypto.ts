import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { pipeline, Transform, type Readable } from 'node:stream'
import documentsConfig, { type DocumentKeyring, type MasterKey } from '#config/documents'

/**
 * Documents are encrypted before they reach the disk: AES-256-GCM under a data key of their own, kept only
 * wrapped by the configured master key (never APP_KEY) in `document_keys`. A master key is known by its
 * check value, not its id: the id is an operator's label, and a new key given an old label must not pass for
 * the old key.
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

export function documentKeyring() {
  return keyring
}

export function useDocumentKeyring(next: DocumentKeyring) {
  const before = keyring
  keyring = next
  return before
}

const CHECK_INPUT = 'aero-document-master-key-check:v1'
const checkValues = new WeakMap<MasterKey, string>()

/** An HMAC of a fixed string under the key: names the key by itself and reveals nothing of it. */
export function keyCheckValue(key: MasterKey): string {
  let value = checkValues.get(key)
  if (!value) {
    value = createHmac('sha256', key.key).update(CHECK_INPUT).digest('hex')
    checkValues.set(key, value)
  }
  return value
}

function configuredKeys(): MasterKey[] {
  return [keyring.current, ...keyring.previous]
}

/** The same key, whatever its labels. */
export function sameMasterKey(a: MasterKey, b: MasterKey) {
  return a === b || a.key.equals(b.key)
}

export type DocumentKeyMaterial = {
  keyId: string
  /** The check value of the master key that wrapped it; null on keys wrapped before there was one. */
  keyCheck: string | null
  wrappedKey: string
  iv: string
  tag: string
}

type WrappedKeyMaterial = Pick<DocumentKeyMaterial, 'keyId' | 'wrappedKey'> & { keyCheck?: string | null }

export function wrapDataKey(dataKey: Buffer, storageKey: string, under: MasterKey = keyring.current) {
  const iv = randomBytes(12)
  const cipher = createCipheriv(ALGORITHM, under.key, iv)
  cipher.setAAD(wrapAad(storageKey))
  const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()])
  return {
    keyId: under.id,
    keyCheck: keyCheckValue(under),
    wrappedKey: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64'),
  }
}

/** The data key sealed in `wrapped` under `key`, or null when the tag does not check (another key, or altered). */
function tryUnwrap(wrapped: Buffer, key: MasterKey, storageKey: string): Buffer | null {
  const decipher = createDecipheriv(ALGORITHM, key.key, wrapped.subarray(0, 12))
  decipher.setAAD(wrapAad(storageKey))
  decipher.setAuthTag(wrapped.subarray(44))
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(12, 44)), decipher.final()])
  } catch {
    return null
  }
}

const KEEP_PREVIOUS =
  'keep it in DOCUMENTS_PREVIOUS_MASTER_KEYS until `node ace documents:rotate-key` has run and reported success'

/**
 * A key of another check value under the same id is a clear error, never a silent wrong key; a key from
 * before check values is tried under each configured key (GCM's tag tells the right one).
 */
export function openDataKey(material: WrappedKeyMaterial, storageKey: string): { dataKey: Buffer; under: MasterKey } {
  const wrapped = Buffer.from(material.wrappedKey, 'base64')
  if (wrapped.length !== 12 + 32 + 16) throw new DocumentIntegrityError('The wrapped document key is malformed.')
  const labelled = configuredKeys().filter((key) => key.id === material.keyId)
  if (material.keyCheck) {
    const under = configuredKeys().find((key) => keyCheckValue(key) === material.keyCheck)
    if (!under) {
      throw new DocumentIntegrityError(
        labelled.length
          ? `The master key configured as "${material.keyId}" is not the key this document's key was wrapped under (its check value differs): configure the original key (${KEEP_PREVIOUS}).`
          : `The master key "${material.keyId}" is not configured: ${KEEP_PREVIOUS}.`
      )
    }
    const dataKey = tryUnwrap(wrapped, under, storageKey)
    if (!dataKey) throw new DocumentIntegrityError('The document key could not be unwrapped (altered).')
    return { dataKey, under }
  }
  for (const under of [...labelled, ...configuredKeys().filter((key) => key.id !== material.keyId)]) {
    const dataKey = tryUnwrap(wrapped, under, storageKey)
    if (dataKey) return { dataKey, under }
  }
  throw new DocumentIntegrityError(
    labelled.length
      ? `The document key could not be unwrapped: the master key configured as "${material.keyId}" does not open it (another key, or altered).`
      : `The master key "${material.keyId}" is not configured: ${KEEP_PREVIOUS}.`
  )
}

export function unwrapDataKey(material: WrappedKeyMaterial, storageKey: string) {
  return openDataKey(material, storageKey).dataKey
}

/** `material()` answers the key's record once the stream has ended (the tag is known only then). */
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
 * The last chunk is held back until the GCM tag passes: an altered or truncated object never yields its
 * complete content (a small file fails before its first byte is sent).
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
