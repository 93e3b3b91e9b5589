import { resolve } from 'node:path'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace backup:restore <archive> [--force]`: into an empty database and empty storage (stop the
 * instances first), with the same release's migrations and the DOCUMENTS_MASTER_KEY of the backed-up
 * documents; every table, object and document is checked after the load (docs/deploy.md, "Backups").
 */
export default class BackupRestore extends BaseCommand {
  static commandName = 'backup:restore'
  static description = 'Restore an archive of backup:create into an empty database and storage, and verify it'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The archive made by backup:create' })
  declare archive: string

  @flags.boolean({ description: 'Replace the rows of a database that holds data, overwrite stored objects' })
  declare force?: boolean

  async run() {
    const { RestoreBackup, BackupRestoreError, formatBytes } = await import('#backups')
    const { openEveryDocument } = await import('#documents')
    try {
      const report = await new RestoreBackup().handle({
        archive: resolve(this.archive),
        force: this.force,
        checks: [({ client, disks }) => openEveryDocument(client, disks.private)],
      })
      const { manifest } = report
      this.logger.success(
        `Restored the backup of ${manifest.createdAt} (release ${manifest.appVersion}) in ${(report.milliseconds / 1000).toFixed(2)} s`
      )
      this.logger.info(
        `${report.tables} tables, ${report.rows} rows, each table's content checked; ` +
          `${report.objects} stored objects (${formatBytes(manifest.objects.reduce((sum, object) => sum + object.size, 0))}), each checksum checked`
      )
      for (const check of report.checks) this.logger.info(`${check.label}: ${check.checked} of ${check.checked}`)
      if (report.upgraded.length) {
        this.logger.info(
          `Then applied ${report.upgraded.length} migration(s) newer than the archive: ${report.upgraded.join(', ')}`
        )
      }
      const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`
      const { steps } = report
      this.logger.info(
        `Steps: archive checked ${seconds(steps.archive)}, migrations ${seconds(steps.migrate)}, rows loaded ${seconds(steps.load)}, ` +
          `tables compared ${seconds(steps.tables)}, objects written and read back ${seconds(steps.objects)}, ` +
          `newer migrations ${seconds(steps.upgrade)}, documents opened ${seconds(steps.checks)}`
      )
    } catch (error) {
      if (!(error instanceof BackupRestoreError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
    }
  }
}
