import db from '@adonisjs/lucid/services/db'
import DocumentKey from '#bookings/models/document_key'
import { documentKeyring, unwrapDataKey, wrapDataKey } from '#bookings/services/document_crypto'
import { sqlDateTime } from '#core/dates'

export type RotationReport = {
  /** The master key every document key is now wrapped under. */
  keyId: string
  rotated: number
  failed: Array<{ storageKey: string; keyId: string; reason: string }>
}

/**
 * Re-wraps every document key that is not under the current master key (DOCUMENTS_MASTER_KEY)
 * with it, in batches; the objects themselves are never rewritten. Readers keep working during
 * the run: a key not yet re-wrapped is opened with its old master key, which stays configured
 * in DOCUMENTS_PREVIOUS_MASTER_KEYS until this has finished. Each row changes only if nobody
 * changed it meanwhile; a row whose old master key is missing is reported, never lost.
 */
export default class RotateDocumentKeys {
  async handle(batchSize = 200): Promise<RotationReport> {
    const current = documentKeyring().current
    const report: RotationReport = { keyId: current.id, rotated: 0, failed: [] }
    let afterId = 0
    while (true) {
      const rows = await DocumentKey.query()
        .whereNot('key_id', current.id)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batchSize)
      if (rows.length === 0) return report
      for (const row of rows) {
        afterId = row.id
        let dataKey: Buffer
        try {
          dataKey = unwrapDataKey(row, row.storageKey)
        } catch (error) {
          report.failed.push({ storageKey: row.storageKey, keyId: row.keyId, reason: (error as Error).message })
          continue
        }
        const rewrapped = wrapDataKey(dataKey, row.storageKey, current)
        dataKey.fill(0)
        const changed = await db
          .from('document_keys')
          .where('id', row.id)
          .where('key_id', row.keyId)
          .where('wrapped_key', row.wrappedKey)
          .update({ key_id: rewrapped.keyId, wrapped_key: rewrapped.wrappedKey, updated_at: sqlDateTime() })
        if (Number(Array.isArray(changed) ? changed[0] : changed) > 0) report.rotated += 1
      }
    }
  }
}
