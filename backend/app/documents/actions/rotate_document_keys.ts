import { timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import DocumentKey from '#documents/models/document_key'
import {
  documentKeyring,
  keyCheckValue,
  openDataKey,
  sameMasterKey,
  wrapDataKey,
} from '#documents/services/document_crypto'
import { sqlDateTime } from '#core/dates'

export type RotationReport = {
  /** The master key every document key is now wrapped under. */
  keyId: string
  rotated: number
  verified: number
  /** Keys found (those deleted during the run left out): done only when every one is verified. */
  total: number
  failed: Array<{ storageKey: string; keyId: string; reason: string }>
}

/** Whether the run may say the previous master keys are no longer needed. */
export function rotationComplete(report: RotationReport) {
  return report.failed.length === 0 && report.verified === report.total
}

/**
 * The objects are never rewritten. A key is judged by the master key that opens it, never by its `key_id`
 * label (a new key under an old id is not the old one). Complete only when every row reads back and opens
 * under the current key; a row is changed only if nobody changed it meanwhile.
 */
export default class RotateDocumentKeys {
  async handle(batchSize = 200): Promise<RotationReport> {
    const current = documentKeyring().current
    const currentCheck = keyCheckValue(current)
    const report: RotationReport = { keyId: current.id, rotated: 0, verified: 0, total: 0, failed: [] }
    const fail = (row: DocumentKey, reason: string) =>
      report.failed.push({ storageKey: row.storageKey, keyId: row.keyId, reason })
    let afterId = 0
    while (true) {
      const rows = await DocumentKey.query().where('id', '>', afterId).orderBy('id').limit(batchSize)
      if (rows.length === 0) return report
      for (const row of rows) {
        afterId = row.id
        report.total += 1
        let opened: ReturnType<typeof openDataKey>
        try {
          opened = openDataKey(row, row.storageKey)
        } catch (error) {
          fail(row, (error as Error).message)
          continue
        }
        try {
          const done = sameMasterKey(opened.under, current) && row.keyCheck === currentCheck && row.keyId === current.id
          if (done) {
            report.verified += 1
            continue
          }
          const rewrapped = wrapDataKey(opened.dataKey, row.storageKey, current)
          const changed = await db
            .from('document_keys')
            .where('id', row.id)
            .where('key_id', row.keyId)
            .where('wrapped_key', row.wrappedKey)
            .update({
              key_id: rewrapped.keyId,
              key_check: rewrapped.keyCheck,
              wrapped_key: rewrapped.wrappedKey,
              updated_at: sqlDateTime(),
            })
          if (Number(Array.isArray(changed) ? changed[0] : changed) > 0) report.rotated += 1

          // Read back what the table now holds (ours, or a concurrent writer's): it must open under
          // the current key alone, to the very data key the objects were encrypted with.
          const stored = await DocumentKey.find(row.id)
          if (!stored) {
            // Deleted meanwhile (retention, a removed upload): nothing left to read.
            report.total -= 1
            continue
          }
          let again: ReturnType<typeof openDataKey>
          try {
            again = openDataKey(stored, stored.storageKey)
          } catch (error) {
            fail(stored, `Read back after re-wrapping: ${(error as Error).message}`)
            continue
          }
          const same = timingSafeEqual(again.dataKey, opened.dataKey)
          again.dataKey.fill(0)
          if (!sameMasterKey(again.under, current) || stored.keyCheck !== currentCheck) {
            fail(stored, `Read back after re-wrapping: the key is not under the current master key "${current.id}".`)
          } else if (!same) {
            fail(stored, 'Read back after re-wrapping: the stored key opens to another data key.')
          } else {
            report.verified += 1
          }
        } finally {
          opened.dataKey.fill(0)
        }
      }
    }
  }
}
