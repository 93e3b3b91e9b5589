import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace documents:rotate-key`: re-wraps every booking document's key under the master key
 * now configured (DOCUMENTS_MASTER_KEY, DOCUMENTS_MASTER_KEY_ID), without downtime:
 * 1. set the new key as DOCUMENTS_MASTER_KEY (and its id), the old one in
 *    DOCUMENTS_PREVIOUS_MASTER_KEYS (`id:base64`), and restart the instances one by one;
 * 2. run this command (files are not rewritten, only their wrapped keys; safe to re-run): it
 *    succeeds only when every key was read back and opened by the new key itself;
 * 3. once it succeeds, remove the old key from DOCUMENTS_PREVIOUS_MASTER_KEYS.
 */
export default class DocumentsRotateKey extends BaseCommand {
  static commandName = 'documents:rotate-key'
  static description = 'Re-wrap every booking document key under the current DOCUMENTS_MASTER_KEY'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Keys re-wrapped per database round trip', default: 200 })
  declare batch: number

  async run() {
    const { default: RotateDocumentKeys, rotationComplete } = await import('#documents/actions/rotate_document_keys')
    const { documentKeyring } = await import('#documents/services/document_crypto')
    const keyring = documentKeyring()
    if (!Number.isInteger(this.batch) || this.batch < 1) {
      this.logger.error('--batch must be a positive whole number')
      this.exitCode = 1
      return
    }
    this.logger.info(
      `Re-wrapping document keys under "${keyring.current.id}"` +
        (keyring.previous.length ? ` (readable meanwhile: ${keyring.previous.map((key) => key.id).join(', ')})` : '')
    )
    const report = await new RotateDocumentKeys().handle(this.batch)
    for (const failure of report.failed) {
      this.logger.error(`${failure.storageKey} (under "${failure.keyId}"): ${failure.reason}`)
    }
    this.logger.info(
      `${report.rotated} document key(s) re-wrapped; ${report.verified} of ${report.total} read back under "${report.keyId}"`
    )
    if (!rotationComplete(report)) {
      this.logger.error(
        `${report.total - report.verified} key(s) are not verified under the current master key: keep the previous keys, configure the missing ones in DOCUMENTS_PREVIOUS_MASTER_KEYS and run again`
      )
      this.exitCode = 1
    } else {
      this.logger.success(
        'Every document key was read back under the current master key; the previous keys may now be removed'
      )
    }
  }
}
