import { createHash } from 'node:crypto'
import type { Disk } from '@adonisjs/drive'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import DocumentKey from '#documents/models/document_key'
import { decryptingStream } from '#documents/services/document_crypto'

export type DocumentsOpenReport = {
  label: string
  checked: number
  failures: string[]
  /** Each document's plain content's SHA-256, by storage key. */
  digests: Map<string, string>
}

/**
 * Reads every encrypted document of `client`'s database from `disk` to its end under the configured master
 * keys: a restore's proof that its documents open (a wrong or missing DOCUMENTS_MASTER_KEY fails each one,
 * an altered object fails its tag).
 */
export async function openEveryDocument(client: QueryClientContract, disk: Disk): Promise<DocumentsOpenReport> {
  const report: DocumentsOpenReport = {
    label: 'Booking documents opened under the configured DOCUMENTS_MASTER_KEY',
    checked: 0,
    failures: [],
    digests: new Map(),
  }
  for (const key of await DocumentKey.query({ client }).orderBy('id')) {
    report.checked++
    try {
      if (!(await disk.exists(key.storageKey))) throw new Error('its object is missing')
      const hash = createHash('sha256')
      for await (const chunk of decryptingStream(await disk.getStream(key.storageKey), key, key.storageKey)) {
        hash.update(chunk as Buffer)
      }
      report.digests.set(key.storageKey, hash.digest('hex'))
    } catch (error) {
      report.failures.push(`${key.storageKey}: ${(error as Error).message}`)
    }
  }
  return report
}
