import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import db from '@adonisjs/lucid/services/db'
import {
  BACKUP_FORMAT,
  DISK_NAMES,
  appVersion,
  applicationDisks,
  objectEntry,
  objectKeys,
  sha256,
  tableEntry,
  type BackupManifest,
  type Disks,
  type ManifestObject,
} from '#backups/archive'
import { MIGRATION_TABLES, dialectOf, streamTable, tablesOf } from '#backups/database_rows'
import { TarWriter } from '#backups/tar'

/** The archive could not be started: the message says why. */
export class BackupError extends Error {}

export type CreateBackupOptions = {
  /** The archive's path; an existing file is never overwritten. */
  output: string
  /** The Lucid connection to dump (the default one when absent). */
  connection?: string
  /** The disks to copy (the application's when absent). */
  disks?: Disks
  /** Called as each table has been written: progress (the snapshot test writes meanwhile). */
  onTable?: (table: string, rows: number) => void | Promise<void>
}

export type BackupReport = {
  path: string
  bytes: number
  milliseconds: number
  tables: number
  rows: number
  objects: number
  objectBytes: number
  manifest: BackupManifest
}

/**
 * `node ace backup:create`: the database, read in one snapshot, and every object of both disks, with a
 * manifest of row counts and checksums, into one tar archive. The database comes first and the objects
 * after: a document stored in between is an extra object, never a row whose object is missing.
 */
export default class CreateBackup {
  async handle(options: CreateBackupOptions): Promise<BackupReport> {
    const started = performance.now()
    const disks = options.disks ?? applicationDisks()
    const tar = await TarWriter.create(options.output).catch((error: NodeJS.ErrnoException) => {
      throw new BackupError(
        error.code === 'EEXIST' ? `${options.output} exists already: an archive is never overwritten` : error.message
      )
    })
    try {
      const client = db.connection(options.connection)
      const dialect = dialectOf(client)
      // InnoDB takes a REPEATABLE READ transaction's snapshot at its first read, for every table at once:
      // what `mysqldump --single-transaction` relies on; writers are never locked. SQLite's read
      // transaction is one snapshot already.
      const trx = await client.transaction(dialect === 'mysql' ? { isolationLevel: 'repeatable read' } : undefined)
      const dumps: Array<{ name: string; rows: number; sha256: string }> = []
      let migrations: string[] = []
      let documentKeyIds: string[] = []
      try {
        const tables = await tablesOf(trx)
        // An empty database is a wrong setting far more often than something worth keeping.
        if (!tables.includes('adonis_schema')) {
          throw new BackupError(
            'The database has no migrations applied: nothing to back up (check DB_CONNECTION and its settings)'
          )
        }
        if (tables.includes('adonis_schema')) {
          migrations = ((await trx.from('adonis_schema').select('name').orderBy('id')) as Array<{ name: string }>).map(
            (row) => row.name
          )
        }
        if (tables.includes('document_keys')) {
          documentKeyIds = (
            (await trx.from('document_keys').distinct('key_id').orderBy('key_id')) as Array<{ key_id: string }>
          ).map((row) => row.key_id)
        }
        for (const table of tables.filter((name) => !MIGRATION_TABLES.includes(name))) {
          // Compressed into a file beside the archive first: a tar entry's size comes before its content.
          const part = `${options.output}.table`
          try {
            const dump = await gzipInto(part, (write) => streamTable(trx, table, write))
            await tar.addFile(tableEntry(table), part)
            dumps.push({ name: table, ...dump })
            await options.onTable?.(table, dump.rows)
          } finally {
            await rm(part, { force: true })
          }
        }
      } finally {
        await trx.commit()
      }

      const objects: ManifestObject[] = []
      for (const name of DISK_NAMES) {
        for (const key of await objectKeys(disks[name])) {
          const file = disks[name].file(key)
          const bytes = Buffer.from(await file.getBytes())
          const { contentType } = await file.getMetaData()
          const object: ManifestObject = { disk: name, key, size: bytes.length, sha256: sha256(bytes), contentType }
          await tar.add(objectEntry(object), bytes)
          objects.push(object)
        }
      }

      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        appVersion: await appVersion(),
        createdAt: new Date().toISOString(),
        dialect,
        migrations,
        tables: dumps,
        objects,
        documentKeyIds,
      }
      // Written last, it is the proof the archive is whole: a restore refuses an archive without it.
      await tar.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
      await tar.close()
      return {
        path: options.output,
        bytes: (await stat(options.output)).size,
        milliseconds: Math.round(performance.now() - started),
        tables: dumps.length,
        rows: dumps.reduce((sum, table) => sum + table.rows, 0),
        objects: objects.length,
        objectBytes: objects.reduce((sum, object) => sum + object.size, 0),
        manifest,
      }
    } catch (error) {
      await tar.close().catch(() => {})
      await rm(options.output, { force: true })
      throw error
    }
  }
}

/** What `produce` writes, gzipped into the file at `path`, minding the stream's back pressure. */
async function gzipInto<T>(path: string, produce: (write: (text: string) => Promise<void>) => Promise<T>) {
  const gzip = createGzip()
  const written = pipeline(gzip, createWriteStream(path, { mode: 0o600 }))
  try {
    const result = await produce(async (text) => {
      if (!gzip.write(text)) await once(gzip, 'drain')
    })
    gzip.end()
    await written
    return result
  } catch (error) {
    gzip.destroy()
    await written.catch(() => {})
    throw error
  }
}
