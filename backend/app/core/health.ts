import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { BaseCheck, HealthChecks, Result } from '@adonisjs/core/health'
import type { HealthCheckResult } from '@adonisjs/core/types/health'
import { DbCheck } from '@adonisjs/lucid/database'
import redis from '@adonisjs/redis/services/main'
import { RedisCheck } from '@adonisjs/redis'
import { redisUrl } from '#config/redis'
import { s3ClientConfig, s3Settings, type S3Settings } from '#config/drive'
import { backendPath, MIGRATIONS_FOLDER } from '#core/paths'

/** The migrations in the code, named as Lucid records them when it applies them. */
async function migrationsInCode() {
  const files = await readdir(backendPath(MIGRATIONS_FOLDER))
  return files
    .filter((file) => /\.(?:ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `${MIGRATIONS_FOLDER}/${file.replace(/\.(?:ts|js)$/, '')}`)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
}

/**
 * An instance started against a database one deploy behind must not take traffic. Not Lucid's
 * runner: it looks for the migrations from the app root, which is build/ when compiled.
 */
export class MigrationsCheck extends BaseCheck {
  name = 'Migrations applied'

  async run(): Promise<HealthCheckResult> {
    let applied: string[]
    try {
      if (!(await db.connection().schema.hasTable('adonis_schema'))) {
        return Result.failed('No migration applied: the deploy step (npm run migrate) has not run')
      }
      applied = ((await db.from('adonis_schema').select('name')) as Array<{ name: string }>).map((row) => row.name)
    } catch (error) {
      // The database is out of reach: a failed check in the report, not a failed report.
      const { code } = error as { code?: string }
      return Result.failed('The applied migrations could not be read').setMetaData({ code: code ?? null })
    }
    const inCode = await migrationsInCode()
    const pending = inCode.filter((name) => !applied.includes(name))
    const corrupt = applied.filter((name) => !inCode.includes(name))
    if (corrupt.length) {
      return Result.failed(`${corrupt.length} applied migration(s) missing from the code`).setMetaData({ corrupt })
    }
    if (pending.length) {
      return Result.failed(`${pending.length} migration(s) not applied`).setMetaData({ pending })
    }
    return Result.ok(`All ${inCode.length} migrations applied`).setMetaData({ applied: inCode.length })
  }
}

/** Uploads would fail on a full, read-only or unreachable disk. */
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

/** On S3 (`DRIVE_DISK=s3`) both buckets answer a HeadBucket with the instance's credentials within 3 s. */
export class S3BucketsCheck extends BaseCheck {
  name = 'S3 buckets reachable'
  #settings: S3Settings

  constructor(settings: S3Settings) {
    super()
    this.#settings = settings
  }

  async run(): Promise<HealthCheckResult> {
    // Here, not at boot: an instance on local disks never needs it.
    const { HeadBucketCommand, S3Client } = await import('@aws-sdk/client-s3')
    const client = new S3Client({ ...s3ClientConfig(this.#settings), maxAttempts: 1 })
    const buckets = [this.#settings.bucket, this.#settings.publicBucket]
    try {
      for (const bucket of buckets) {
        try {
          await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(3_000) })
        } catch (error) {
          const { $metadata, code, name } = error as Error & {
            $metadata?: { httpStatusCode?: number }
            code?: unknown
          }
          return Result.failed(`The bucket "${bucket}" did not answer`).setMetaData({
            bucket,
            status: $metadata?.httpStatusCode ?? null,
            error: typeof code === 'string' ? code : name,
          })
        }
      }
      return Result.ok(`Buckets reachable: ${buckets.join(', ')}`)
    } finally {
      client.destroy()
    }
  }
}

export const readinessChecks = new HealthChecks().register([
  new DbCheck(db.connection()),
  new MigrationsCheck(),
  new StorageWritableCheck(['private', 'public']),
  ...(s3Settings ? [new S3BucketsCheck(s3Settings)] : []),
  // With REDIS_URL (config/redis.ts) the limiter and the live updates' bus depend on Redis: it answers a PING.
  ...(redisUrl ? [new RedisCheck(redis.connection())] : []),
])
