import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'

/**
 * docs/privacy.md's record of processing must cover what the code holds: every table of the
 * migrated schema has its row (where, why, how long, who), every retention setting and every
 * setting that decides where data is kept (database, storage, Redis, mail) is named.
 */
const doc = () => readFileSync(app.makePath('..', 'docs', 'privacy.md'), 'utf8')

/** The section from "## Record of processing" to the next level-2 heading. */
function recordOfProcessing(text: string): string {
  const start = text.indexOf('\n## Record of processing')
  if (start < 0) return ''
  const next = text.indexOf('\n## ', start + 1)
  return text.slice(start, next < 0 ? undefined : next)
}

/** The first cell of each table row: the tables the record names, as `name`. */
function namedTables(section: string): Set<string> {
  const names = new Set<string>()
  for (const line of section.split('\n')) {
    const cell = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1] ?? ''
    for (const match of cell.matchAll(/`([a-z0-9_]+)`/g)) names.add(match[1])
  }
  return names
}

test.group('Privacy | record of processing (docs/privacy.md)', () => {
  test('every table of the schema is on the record', async ({ assert }) => {
    const rows = await db
      .from('information_schema.tables')
      .whereRaw('table_schema = database()')
      .select('table_name as name')
    const tables = rows.map((row: { name: string }) => row.name).sort()
    assert.isAbove(tables.length, 20)
    const named = namedTables(recordOfProcessing(doc()))
    assert.deepEqual(
      tables.filter((table) => !named.has(table)),
      [],
      'tables missing from the record of processing'
    )
  })

  test('every retention setting and every setting that decides where data is kept is named', async ({ assert }) => {
    const section = recordOfProcessing(doc())
    const env = readFileSync(app.makePath('start', 'env.ts'), 'utf8')
    const retention = [...env.matchAll(/\b([A-Z_]*RETENTION[A-Z_]*):/g)].map((match) => match[1])
    assert.isNotEmpty(retention)
    const locations = [
      'DB_CONNECTION',
      'MYSQL_HOST',
      'DRIVE_DISK',
      'S3_ENDPOINT',
      'S3_REGION',
      'REDIS_URL',
      'SMTP_HOST',
    ]
    for (const setting of [...retention, ...locations]) assert.include(section, `\`${setting}\``, setting)
    // Where each service keeps data, by country.
    for (const service of ['Database', 'File storage', 'S3', 'Redis', 'Mail']) assert.include(section, service)
    assert.match(section, /us-east-1.*United States/)
    assert.include(section, 'personal-data.schema.json')
  })
})
