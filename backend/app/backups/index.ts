/** Backups of the database and the stored files: `node ace backup:create` and `backup:restore`. */
export { default as CreateBackup, BackupError } from '#backups/create_backup'
export { default as RestoreBackup, BackupRestoreError } from '#backups/restore_backup'
export type { RestoreCheck } from '#backups/restore_backup'
export { formatBytes } from '#backups/archive'
