import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export const DEPLOY_LOCK_TIMEOUT_SECONDS = 600

export type DemoData = {
  hasAccounts: () => Promise<boolean>
  seed: () => Promise<void>
}

export type PrepareOptions = {
  /** Seeds the demo data into a database without any account; absent: never seed. */
  demoData?: DemoData
  /** Called once when another deploy step holds the database and this one starts waiting. */
  onWaiting?: () => void
  /** Called with the migrations applied (none when the schema was up to date), before any seeding. */
  onMigrated?: (names: string[]) => void
}

export type PrepareReport = {
  migrated: string[]
  demoData: 'seeded' | 'has-accounts' | 'not-asked'
}

/**
 * The deploy step (`npm run migrate`): two runs at once take turns on a MySQL named lock of this database, as
 * Lucid's own lock is one name for the whole server and fails at once instead of waiting.
 */
export default class PrepareDatabase {
  async handle(options: PrepareOptions): Promise<PrepareReport> {
    return underDeployLock(options.onWaiting, async () => {
      const migrated = await migrate()
      options.onMigrated?.(migrated)
      if (!options.demoData) return { migrated, demoData: 'not-asked' }
      if (await options.demoData.hasAccounts()) return { migrated, demoData: 'has-accounts' }
      await options.demoData.seed()
      return { migrated, demoData: 'seeded' }
    })
  }
}

async function migrate(): Promise<string[]> {
  const runner = new MigrationRunner(db, app, { direction: 'up', disableLocks: true })
  await runner.run()
  if (runner.status === 'error') throw runner.error ?? new Error('The migrations failed')
  return Object.values(runner.migratedFiles)
    .filter((node) => node.status === 'completed')
    .map((node) => node.file.name)
}

/** One name per database (MySQL caps lock names at 64 characters). */
const LOCK_NAME = "LEFT(CONCAT('aero.deploy.', DATABASE()), 64)"

/**
 * A named lock belongs to its connection, so one connection takes and releases it; a run that dies loses the
 * lock with its connection. SQLite is one machine's file: nothing to share.
 */
async function underDeployLock<T>(onWaiting: (() => void) | undefined, work: () => Promise<T>): Promise<T> {
  if (db.connection().dialect.name !== 'mysql') return work()
  const holder = await db.transaction()
  try {
    if (!(await takeLock(holder, 0))) {
      onWaiting?.()
      if (!(await takeLock(holder, DEPLOY_LOCK_TIMEOUT_SECONDS))) {
        throw new Error(`Another deploy step held the database for over ${DEPLOY_LOCK_TIMEOUT_SECONDS} s`)
      }
    }
    try {
      return await work()
    } finally {
      await holder.rawQuery(`SELECT RELEASE_LOCK(${LOCK_NAME})`)
    }
  } finally {
    await holder.commit()
  }
}

async function takeLock(holder: TransactionClientContract, timeoutSeconds: number): Promise<boolean> {
  const [rows] = await holder.rawQuery(`SELECT GET_LOCK(${LOCK_NAME}, ?) AS acquired`, [timeoutSeconds])
  return Number(rows[0]?.acquired) === 1
}
