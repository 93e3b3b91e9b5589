import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { BaseCheck, HealthChecks, Result } from '@adonisjs/core/health'
import type { HealthCheckResult } from '@adonisjs/core/types/health'
import { DbCheck } from '@adonisjs/lucid/database'
import { MigrationRunner } from '@adonisjs/lucid/migration'

/**
 * Every migration in `database/migrations` has been applied: an instance started against a
 * database one deploy behind must not take traffic. Lucid's own runner lists them (dry run,
 * no lock, nothing written).
 */
export class MigrationsCheck extends BaseCheck {
  name = 'Migrations applied'

  async run(): Promise<HealthCheckResult> {
    const runner = new MigrationRunner(db, app, { direction: 'up', dryRun: true, disableLocks: true })
    const list = await runner.getList()
    const pending = list.filter((migration) => migration.status === 'pending').map((migration) => migration.name)
    const corrupt = list.filter((migration) => migration.status === 'corrupt').map((migration) => migration.name)
    if (corrupt.length) {
      return Result.failed(`${corrupt.length} applied migration(s) missing from the code`).setMetaData({ corrupt })
    }
    if (pending.length) {
      return Result.failed(`${pending.length} migration(s) not applied`).setMetaData({ pending })
    }
    return Result.ok(`All ${list.length} migrations applied`).setMetaData({ applied: list.length })
  }
}

/**
 * Each storage disk takes a write, gives it back and forgets it: uploads (identity documents,
 * catalogue images) would fail on a full, read-only or unreachable disk.
 */
export class StorageWritableCheck extends BaseCheck {
  name = 'Storage writable'
  #disks: Array<'private' | 'public'>

  constructor(disks: Array<'private' | 'public'>) {
    super()
    this.#disks = disks
  }

  async run(): Promise<HealthCheckResult> {
    for (const name of this.#disks) {
      const disk = drive.use(name)
      const key = `.health/${randomUUID()}.txt`
      const probe = `health ${new Date().toISOString()}`
      try {
        await disk.put(key, probe)
        const readBack = await disk.get(key)
        await disk.delete(key)
        if (readBack !== probe) return Result.failed(`The ${name} disk returned other content than was written`)
      } catch (error) {
        return Result.failed(`The ${name} disk is not writable`, error as Error)
      }
    }
    return Result.ok(`Disks writable: ${this.#disks.join(', ')}`)
  }
}

/** Readiness: what an instance needs before a load balancer sends it traffic. */
export const readinessChecks = new HealthChecks().register([
  new DbCheck(db.connection()),
  new MigrationsCheck(),
  new StorageWritableCheck(['private', 'public']),
])
