import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace backup:create [--output=path.tar]`: the database (one consistent snapshot) and every object of
 * both disks, with a manifest of counts and checksums, into one tar archive (docs/deploy.md, "Backups").
 * The documents' master key is not in it: keep DOCUMENTS_MASTER_KEY apart.
 */
export default class BackupCreate extends BaseCommand {
  static commandName = 'backup:create'
  static description = 'Back up the database and both storage disks into one archive'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Where to write the archive (default: backups/aero-<UTC time>.tar)' })
  declare output?: string

  async run() {
    const { CreateBackup, BackupError, formatBytes } = await import('#backups')
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')
    const output = resolve(this.output ?? `backups/aero-${stamp}.tar`)
    await mkdir(dirname(output), { recursive: true })
    const report = await new CreateBackup().handle({ output }).catch((error: unknown) => {
      if (!(error instanceof BackupError)) throw error
      this.logger.error(error.message)
      return null
    })
    if (!report) {
      this.exitCode = 1
      return
    }
    this.logger.success(`Backup written to ${report.path}`)
    this.logger.info(
      `${report.tables} tables, ${report.rows} rows; ${report.objects} stored objects (${formatBytes(report.objectBytes)}); ` +
        `archive ${formatBytes(report.bytes)}; ${(report.milliseconds / 1000).toFixed(2)} s`
    )
    this.logger.info(
      `Document keys wrapped under ${report.manifest.documentKeyIds.join(', ') || '(none)'}: keep that DOCUMENTS_MASTER_KEY with the backups, apart from them`
    )
  }
}
