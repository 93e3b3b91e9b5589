import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace documents:encrypt-existing`: once, after upgrading to encrypted documents, encrypts
 * the booking documents and fee receipts stored in the clear before. Runs while the product
 * serves (each file switches to its encrypted copy in one row update); safe to run again.
 */
export default class DocumentsEncryptExisting extends BaseCommand {
  static commandName = 'documents:encrypt-existing'
  static description = 'Encrypt the booking documents and receipts stored before encryption at rest'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { default: EncryptExistingDocuments } = await import('#documents/actions/encrypt_existing_documents')
    this.logger.info('Encrypting the documents stored in the clear')
    const report = await new EncryptExistingDocuments().handle()
    for (const missing of report.missing) {
      this.logger.warning(`${missing.table} #${missing.id}: ${missing.storageKey} is not in the store (skipped)`)
    }
    for (const failure of report.failed) {
      this.logger.error(`${failure.table} #${failure.id}: ${failure.storageKey}: ${failure.reason}`)
    }
    this.logger.info(report.encrypted ? `${report.encrypted} file(s) encrypted` : 'Nothing left to encrypt')
    if (report.failed.length) this.exitCode = 1
  }
}
