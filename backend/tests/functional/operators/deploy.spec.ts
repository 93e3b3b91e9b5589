import { test } from '@japa/runner'
import { projectRoot, productionEnv, runNode, startBackend } from '#tests/helpers/processes'
import { scratchDatabase, type ScratchDatabase } from '#tests/helpers/scratch_database'

/** The demo world's size (database/seed_data/demo.ts): seeded once, never twice. */
const DEMO = { users: 5, agencies: 5, lots: 24, bookings: 7 }

async function demoCounts(database: ScratchDatabase) {
  return {
    users: await database.count('users'),
    agencies: await database.count('agencies'),
    lots: await database.count('lots'),
    bookings: await database.count('bookings'),
  }
}

/** `npm run migrate` as an operator runs it, on `database`. */
function migrate(database: ScratchDatabase, args: string[] = []) {
  return runNode(['scripts/migrate.ts', ...args], { cwd: projectRoot, env: productionEnv(database.name) })
}

test.group('Operators | deploys that do not race', (group) => {
  let database: ScratchDatabase
  group.each.setup(async () => {
    database = await scratchDatabase('deploy')
    return () => database.drop()
  })

  test('the web server never migrates: on an empty database it creates no table and is not ready', async ({
    assert,
  }) => {
    const backend = await startBackend(productionEnv(database.name, { LIMITER_STORE: 'memory' }))
    try {
      const ready = await fetch(`${backend.url}/api/health/ready`)
      assert.equal(ready.status, 503)
      const report = (await ready.json()) as { checks: Array<{ name: string; status: string; message: string }> }
      assert.containSubset(
        report.checks.find((check) => check.name === 'Migrations applied'),
        { status: 'error', message: 'No migration applied: the deploy step (npm run migrate) has not run' }
      )
    } finally {
      await backend.stop()
    }
    assert.deepEqual(await database.tables(), [])
  }).timeout(60_000)

  test('`npm run migrate` twice in a row: both succeed, the second changes nothing', async ({ assert }) => {
    const first = await migrate(database)
    assert.equal(first.status, 0, first.output)
    assert.include(first.output, 'migrated ../database/migrations/0001_create_agencies_table')
    assert.include(first.output, 'Demo data seeded')
    assert.deepEqual(await demoCounts(database), DEMO)

    const second = await migrate(database)
    assert.equal(second.status, 0, second.output)
    assert.include(second.output, 'Migrations: already up to date')
    assert.include(second.output, 'Demo data not seeded: the database has accounts already')
    assert.deepEqual(await demoCounts(database), DEMO)
  }).timeout(120_000)

  test('two deploy steps at once take turns: both succeed and the demo data is seeded once', async ({ assert }) => {
    const runs = await Promise.all([migrate(database), migrate(database)])
    for (const run of runs) assert.equal(run.status, 0, run.output)
    assert.lengthOf(
      runs.filter((run) => run.output.includes('Demo data seeded')),
      1
    )
    assert.deepEqual(await demoCounts(database), DEMO)
  }).timeout(120_000)

  test('`--no-seed` migrates and leaves the database without demo data', async ({ assert }) => {
    const run = await migrate(database, ['--no-seed'])
    assert.equal(run.status, 0, run.output)
    assert.include(run.output, 'Demo data not seeded (--no-seed)')
    assert.includeMembers(await database.tables(), ['users', 'lots', 'queue_jobs', 'mail_outbox'])
    assert.deepEqual(await demoCounts(database), { users: 0, agencies: 0, lots: 0, bookings: 0 })
  }).timeout(120_000)
})
