import { BaseCheck, Result } from '@adonisjs/core/health'
import type { HealthCheckResult } from '@adonisjs/core/types/health'
import type { DocumentKeyring } from '#config/documents'
import DocumentKey from '#documents/models/document_key'
import { documentKeyring, openDataKey } from '#documents/services/document_crypto'

export const MASTER_KEY_CANNOT_OPEN =
  'The configured DOCUMENTS_MASTER_KEY cannot open the stored document keys: booking documents would not open'

/**
 * A wrong DOCUMENTS_MASTER_KEY, or a new key under an old id, starts fine and then fails every document:
 * this keeps such an instance out of traffic. The verdict is kept per keyring, which changes only with a
 * restart.
 */
export class DocumentMasterKeyCheck extends BaseCheck {
  name = 'Documents master key'
  #ttlMs: number
  #verdict: { keyring: DocumentKeyring; at: number; result: HealthCheckResult } | null = null

  constructor(ttlMs = 30_000) {
    super()
    this.#ttlMs = ttlMs
  }

  async run(): Promise<HealthCheckResult> {
    const keyring = documentKeyring()
    const kept = this.#verdict
    if (kept && kept.keyring === keyring && Date.now() - kept.at < this.#ttlMs) return kept.result
    let row: DocumentKey | null
    try {
      row =
        (await DocumentKey.query().where('key_id', keyring.current.id).orderBy('id', 'desc').first()) ??
        (await DocumentKey.query().orderBy('id', 'desc').first())
    } catch (error) {
      // The database is out of reach or behind: its own checks say so; nothing is kept.
      const { code } = error as { code?: string }
      return Result.failed('The stored document keys could not be read').setMetaData({ code: code ?? null })
    }
    const result = row ? this.#open(row, keyring) : Result.ok('No document stored yet')
    this.#verdict = { keyring, at: Date.now(), result }
    return result
  }

  #open(row: DocumentKey, keyring: DocumentKeyring): HealthCheckResult {
    try {
      const { dataKey, under } = openDataKey(row, row.storageKey)
      dataKey.fill(0)
      return Result.ok(`The stored document keys open under "${under.id}"`)
    } catch (error) {
      return Result.failed(`${MASTER_KEY_CANNOT_OPEN}. ${(error as Error).message}`).setMetaData({
        configured: [keyring.current, ...keyring.previous].map((key) => key.id),
        storedUnder: row.keyId,
      })
    }
  }
}
