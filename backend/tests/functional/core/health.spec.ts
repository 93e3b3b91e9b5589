import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'

test.group('Health | liveness and readiness', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('live answers 200 without touching anything', async ({ client, assert }) => {
    const response = await client.get('/api/health/live')
    response.assertStatus(200)
    assert.equal(response.body().status, 'ok')
    assert.isNumber(response.body().uptimeSeconds)
  })

  test('ready checks the database, the migrations, the storage disks and the documents master key', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/health/ready')
    response.assertStatus(200)
    const report = response.body()
    assert.isTrue(report.isHealthy)
    assert.equal(report.status, 'ok')
    const checks = Object.fromEntries(
      report.checks.map((check: { name: string; status: string }) => [check.name, check.status])
    )
    assert.deepEqual(checks, {
      'Database health check (mysql)': 'ok',
      'Migrations applied': 'ok',
      'Storage writable': 'ok',
      'Documents master key': 'ok',
    })
    assert.notProperty(report, 'debugInfo')
  })

  test('ready answers 503 naming the migration that is not applied', async ({ client, assert }) => {
    const [latest] = await db.from('adonis_schema').orderBy('id', 'desc').limit(1)
    await db.from('adonis_schema').where('id', latest.id).delete()

    const response = await client.get('/api/health/ready')
    response.assertStatus(503)
    const report = response.body()
    assert.isFalse(report.isHealthy)
    const migrations = report.checks.find((check: { name: string }) => check.name === 'Migrations applied')
    assert.equal(migrations.status, 'error')
    assert.equal(migrations.message, '1 migration(s) not applied')
    assert.deepEqual(migrations.meta.pending, [latest.name])
  })

  test('ready answers 503 when an applied migration is missing from the code', async ({ client, assert }) => {
    await db.table('adonis_schema').insert({ name: '../database/migrations/9999_removed_later', batch: 99 })
    const response = await client.get('/api/health/ready')
    response.assertStatus(503)
    const migrations = response.body().checks.find((check: { name: string }) => check.name === 'Migrations applied')
    assert.deepEqual(migrations.meta.corrupt, ['../database/migrations/9999_removed_later'])
  })
})
