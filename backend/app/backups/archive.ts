import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import type { Dialect } from '#backups/database_rows'

/** The archive's layout version: a restore refuses a layout it does not know. */
export const BACKUP_FORMAT = 1

export const DISK_NAMES = ['private', 'public'] as const
export type DiskName = (typeof DISK_NAMES)[number]
export type Disks = Record<DiskName, Disk>

export type ManifestTable = { name: string; rows: number; sha256: string }
export type ManifestObject = { disk: DiskName; key: string; size: number; sha256: string; contentType?: string }

/**
 * `manifest.json`, the archive's first entry. It names no key: the documents' master key stays with the
 * operator, apart from every backup.
 */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT
  appVersion: string
  createdAt: string
  dialect: Dialect
  /** The migrations the database had: a restore needs the same release's migrations. */
  migrations: string[]
  tables: ManifestTable[]
  objects: ManifestObject[]
  /** The documents' master keys the wrapped document keys were made under (ids only). */
  documentKeyIds: string[]
}

export const tableEntry = (table: string) => `tables/${table}.jsonl.gz`
export const objectEntry = (object: Pick<ManifestObject, 'disk' | 'key'>) => `objects/${object.disk}/${object.key}`

export function sha256(data: Uint8Array) {
  return createHash('sha256').update(data).digest('hex')
}

export function applicationDisks(): Disks {
  return { private: drive.use('private'), public: drive.use('public') }
}

export async function appVersion() {
  const pkg = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as { version?: string }
  return pkg.version ?? 'unknown'
}

/** Every object's key on the disk, sorted, through every page of the listing. */
export async function objectKeys(disk: Disk): Promise<string[]> {
  const keys: string[] = []
  let paginationToken: string | undefined
  do {
    const page = await disk.listAll('/', { recursive: true, paginationToken })
    for (const item of page.objects) if (item.isFile) keys.push(item.key)
    paginationToken = page.paginationToken
  } while (paginationToken)
  return keys.sort()
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
