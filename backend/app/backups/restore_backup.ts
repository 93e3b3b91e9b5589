import { createHash } from 'node:crypto'
import { createInterface } from 'node:readline'
import { pipeline, type Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  BACKUP_FORMAT,
  DISK_NAMES,
  applicationDisks,
  objectEntry,
  objectKeys,
  sha256,
  tableEntry,
  type BackupManifest,
  type Disks,
} from '#backups/archive'
import {
  MIGRATION_TABLES,
  countRows,
  deferForeignKeys,
  dependencyOrder,
  dialectOf,
  streamTable,
  loadTable,
  restoreForeignKeys,
  tablesOf,
} from '#backups/database_rows'
import { TarReader } from '#backups/tar'

/** A restore refused before it wrote anything, or a check that failed after: the message says which. */
export class BackupRestoreError extends Error {}

/** What a module proves of the restored data, e.g. that every document opens under the configured key. */
export type RestoreCheck = (restored: { client: QueryClientContract; disks: Disks }) => Promise<{
  label: string
  checked: number
  failures: string[]
}>

export type RestoreBackupOptions = {
  archive: string
  connection?: string
  disks?: Disks
  /** Load into a database or storage that holds data: its rows are deleted first, objects overwritten. */
  force?: boolean
  checks?: RestoreCheck[]
}

export type RestoreReport = {
  manifest: BackupManifest
  milliseconds: number
  migrated: string[]
  /** The migrations newer than the archive, applied after its rows were loaded and checked. */
  upgraded: string[]
  tables: number
  rows: number
  objects: number
  checks: Array<{ label: string; checked: number }>
  /** How long each step took, in milliseconds: what a recovery's time is made of. */
  steps: Record<'archive' | 'migrate' | 'load' | 'tables' | 'objects' | 'upgrade' | 'checks', number>
}

/**
 * `node ace backup:restore`: refuses a damaged archive, another engine's, or a target that holds data;
 * then the schema through the migrations, the rows in one transaction, the objects, and proof of each:
 * every table dumps to the same checksum as when it was backed up, every object reads back with its
 * checksum, and every check (the documents open) passes.
 */
export default class RestoreBackup {
  async handle(options: RestoreBackupOptions): Promise<RestoreReport> {
    const started = performance.now()
    let lap = started
    const steps = {} as RestoreReport['steps']
    const step = (name: keyof RestoreReport['steps']) => {
      const now = performance.now()
      steps[name] = Math.round(now - lap)
      lap = now
    }
    const disks = options.disks ?? applicationDisks()
    const archive = await TarReader.open(options.archive).catch((error: NodeJS.ErrnoException) => {
      throw new BackupRestoreError(
        error.code === 'ENOENT' ? `No archive at ${options.archive}` : `${options.archive}: ${error.message}`
      )
    })
    try {
      const manifest = await readManifest(archive)
      const client = db.connection(options.connection)
      if (dialectOf(client) !== manifest.dialect) {
        throw new BackupRestoreError(
          `The archive is of a ${manifest.dialect} database; restore it into ${manifest.dialect}, not ${dialectOf(client)}`
        )
      }
      await verifyArchive(archive, manifest)
      if (!options.force) await refuseUnlessEmpty(client, disks)
      step('archive')

      // The schema as it was when the backup was made: the rows load into the tables they came from, and a
      // newer release's migrations then change them as they change a live database.
      const migrated = await migrate(options.connection, new Set(manifest.migrations))
      const applied = (
        (await client.from('adonis_schema').select('name').orderBy('id')) as Array<{ name: string }>
      ).map((row) => row.name)
      const missing = manifest.migrations.filter((name) => !applied.includes(name))
      const newer = applied.filter((name) => !manifest.migrations.includes(name))
      if (missing.length) {
        throw new BackupRestoreError(
          `The archive was made by a later release (${manifest.appVersion}) with migrations this one does not have (${missing.join(', ')}): restore it with that release or a later one`
        )
      }
      if (newer.length) {
        throw new BackupRestoreError(
          `The database has migrations newer than the archive (${newer.join(', ')}): restore into an empty database`
        )
      }

      step('migrate')
      const tables = manifest.tables.map((table) => table.name)
      const present = await tablesOf(client)
      const unknown = tables.filter((table) => !present.includes(table))
      if (unknown.length) throw new BackupRestoreError(`The schema has no table ${unknown.join(', ')}`)
      const trx = await client.transaction()
      try {
        await deferForeignKeys(trx)
        if (options.force) {
          for (const table of present.filter((name) => !MIGRATION_TABLES.includes(name))) await trx.from(table).delete()
        }
        for (const table of await dependencyOrder(trx, tables)) {
          await loadTable(trx, table, createInterface({ input: tableLines(archive, table), crlfDelay: Infinity }))
        }
        await restoreForeignKeys(trx)
        await trx.commit()
      } catch (error) {
        // FOREIGN_KEY_CHECKS belongs to the pooled connection: never handed back switched off.
        await restoreForeignKeys(trx).catch(() => {})
        await trx.rollback()
        throw error
      }
      step('load')

      for (const table of manifest.tables) {
        const restored = await streamTable(client, table.name, () => {})
        if (restored.rows !== table.rows || restored.sha256 !== table.sha256) {
          throw new BackupRestoreError(
            `Table ${table.name}: ${restored.rows} row(s) restored of ${table.rows}, or their content differs`
          )
        }
      }

      step('tables')
      for (const object of manifest.objects) {
        const disk = disks[object.disk]
        await disk.put(object.key, await archive.read(objectEntry(object)), { contentType: object.contentType })
        if (sha256(Buffer.from(await disk.getBytes(object.key))) !== object.sha256) {
          throw new BackupRestoreError(`The ${object.disk} object ${object.key} does not read back as it was stored`)
        }
      }

      step('objects')
      // Then the migrations newer than the archive, on the restored rows.
      const upgraded = await migrate(options.connection)
      step('upgrade')
      const checks: RestoreReport['checks'] = []
      for (const check of options.checks ?? []) {
        const result = await check({ client, disks })
        if (result.failures.length) {
          throw new BackupRestoreError(
            `${result.label}: ${result.failures.length} of ${result.checked} failed: ${result.failures.slice(0, 5).join('; ')}`
          )
        }
        checks.push({ label: result.label, checked: result.checked })
      }
      step('checks')

      return {
        manifest,
        milliseconds: Math.round(performance.now() - started),
        migrated,
        upgraded,
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        objects: manifest.objects.length,
        checks,
        steps,
      }
    } finally {
      await archive.close()
    }
  }
}

async function readManifest(archive: TarReader): Promise<BackupManifest> {
  if (!archive.entries.has('manifest.json')) {
    throw new BackupRestoreError('The archive has no manifest.json: it is incomplete or not a backup')
  }
  const manifest = JSON.parse((await archive.read('manifest.json')).toString('utf8')) as BackupManifest
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupRestoreError(`The archive's format ${manifest.format} is not ${BACKUP_FORMAT}`)
  }
  return manifest
}

/** Every table and object as the manifest describes it, before anything is written. */
async function verifyArchive(archive: TarReader, manifest: BackupManifest) {
  for (const table of manifest.tables) {
    const hash = createHash('sha256')
    try {
      for await (const chunk of tableLines(archive, table.name)) hash.update(chunk as Buffer)
    } catch {
      throw new BackupRestoreError(`The archive's table ${table.name} is damaged (it does not decompress)`)
    }
    if (hash.digest('hex') !== table.sha256)
      throw new BackupRestoreError(`The archive's table ${table.name} is damaged`)
  }
  for (const object of manifest.objects) {
    const bytes = await archive.read(objectEntry(object))
    if (bytes.length !== object.size || sha256(bytes) !== object.sha256) {
      throw new BackupRestoreError(`The archive's ${object.disk} object ${object.key} is damaged`)
    }
  }
}

async function refuseUnlessEmpty(client: QueryClientContract, disks: Disks) {
  const holding: string[] = []
  for (const table of await tablesOf(client)) {
    if (!MIGRATION_TABLES.includes(table) && (await countRows(client, table)) > 0) holding.push(table)
  }
  if (holding.length) {
    throw new BackupRestoreError(
      `The database is not empty (rows in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}): restore into an empty database, or pass --force to replace its rows`
    )
  }
  for (const name of DISK_NAMES) {
    const keys = await objectKeys(disks[name])
    if (keys.length) {
      throw new BackupRestoreError(
        `The ${name} storage is not empty (${keys.length} object(s)): restore into empty storage, or pass --force to overwrite`
      )
    }
  }
}

/** Applies the pending migrations, or only those of `only`. */
async function migrate(connectionName: string | undefined, only?: Set<string>) {
  const runner = new MigrationRunner(db, app, { direction: 'up', connectionName, disableLocks: true })
  if (only) {
    // Lucid runs every pending file of its source; the source is narrowed to the archive's migrations.
    const source = (runner as unknown as { migrationSource: { getMigrations: () => Promise<Array<{ name: string }>> } })
      .migrationSource
    const all = source.getMigrations.bind(source)
    source.getMigrations = async () => (await all()).filter((file) => only.has(file.name))
  }
  await runner.run()
  if (runner.status === 'error') throw runner.error ?? new Error('The migrations failed')
  return Object.values(runner.migratedFiles)
    .filter((node) => node.status === 'completed')
    .map((node) => node.file.name)
}

/** A table's JSON lines, decompressed as they are read from the archive. */
function tableLines(archive: TarReader, table: string): Readable {
  return pipeline(archive.stream(tableEntry(table)), createGunzip(), () => {})
}
