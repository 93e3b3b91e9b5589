import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import {
  newStorageKey,
  readStoredDocument,
  removeStoredDocuments,
  STORED_FILE_COLUMNS,
  writeEncrypted,
} from '#documents/services/document_store'

export type EncryptionReport = {
  encrypted: number
  missing: Array<{ table: string; id: number; storageKey: string }>
  failed: Array<{ table: string; id: number; storageKey: string; reason: string }>
}

async function sha256(stream: Readable) {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Each plain file is written encrypted under a new name, read back and compared, then its row is repointed
 * (only if it still names the old one) and the plain file removed: readers never see a half-written file.
 * Safe to run again.
 */
export default class EncryptExistingDocuments {
  async handle(): Promise<EncryptionReport> {
    const report: EncryptionReport = { encrypted: 0, missing: [], failed: [] }
    for (const { table, column } of STORED_FILE_COLUMNS) {
      const rows: Array<{ id: number; key: string }> = await db
        .from(table)
        .leftJoin('document_keys', 'document_keys.storage_key', `${table}.${column}`)
        .whereNotNull(`${table}.${column}`)
        .whereNull('document_keys.id')
        .orderBy(`${table}.id`)
        .select(`${table}.id as id`, `${table}.${column} as key`)
      for (const row of rows) {
        const disk = drive.use()
        if (!(await disk.exists(row.key))) {
          report.missing.push({ table, id: row.id, storageKey: row.key })
          continue
        }
        const encryptedKey = newStorageKey()
        try {
          const { contentLength } = await disk.getMetaData(row.key)
          await writeEncrypted(encryptedKey, await disk.getStream(row.key), contentLength)
          const [plain, decrypted] = await Promise.all([
            sha256(await disk.getStream(row.key)),
            readStoredDocument(encryptedKey).then((stream) => sha256(stream!)),
          ])
          if (plain !== decrypted) throw new Error('the encrypted copy does not read back as the original')
          const changed = await db
            .from(table)
            .where('id', row.id)
            .where(column, row.key)
            .update({ [column]: encryptedKey })
          if (Number(Array.isArray(changed) ? changed[0] : changed) === 0) {
            throw new Error('the row changed while it was being encrypted; run the command again')
          }
        } catch (error) {
          await removeStoredDocuments([{ storageKey: encryptedKey }])
          report.failed.push({ table, id: row.id, storageKey: row.key, reason: (error as Error).message })
          continue
        }
        await disk.delete(row.key).catch(() => {})
        report.encrypted += 1
      }
    }
    return report
  }
}
