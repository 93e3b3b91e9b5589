import { readdirSync } from 'node:fs'
import { test } from '@japa/runner'
import mysql from 'mysql2/promise'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { productionEnv, runNode } from '#tests/helpers/processes'
import { scratchDatabase, type ScratchDatabase } from '#tests/helpers/scratch_database'
import { startFakeSmtp } from '#tests/helpers/smtp'

function ace(database: ScratchDatabase, args: string[], extra: Record<string, string> = {}) {
  return runNode(['ace', ...args], { cwd: app.makePath(), env: productionEnv(database.name, extra) })
}

test.group('Operators | the move from the home-made mail queue', (group) => {
  let database: ScratchDatabase
  group.each.setup(async () => {
    database = await scratchDatabase('mailmove')
    return () => database.drop()
  })

  test('the unsent emails of mail_queue become queued jobs, sent once by a worker; the sent ones and the table go', async ({
    assert,
  }) => {
    const migrated = await ace(database, ['migration:run', '--force'])
    assert.equal(migrated.status, 0, migrated.output)
    // Back to just before the move: mail_queue as it was, with what it held.
    // Back to just before the move: it and every migration added after it.
    const since = readdirSync(app.makePath('..', 'database', 'migrations')).filter(
      (file) => file.endsWith('.ts') && file >= '0028_move_mail_queue_into_jobs.ts'
    ).length
    const back = await ace(database, ['migration:rollback', '--force', `--step=${since}`])
    assert.equal(back.status, 0, back.output)
    assert.include(back.output, '0028_move_mail_queue_into_jobs')
    const message = (subject: string) =>
      JSON.stringify({
        from: { address: 'no-reply@aero-demo.my', name: 'Aero Property Booking' },
        to: [{ address: 'sales@aero-demo.my', name: 'Sales' }],
        subject,
        text: `About ${subject}`,
      })
    const envelope = JSON.stringify({ from: 'no-reply@aero-demo.my', to: ['sales@aero-demo.my'] })
    const row = (subject: string, status: string, extra: Record<string, unknown> = {}) => ({
      recipients: 'sales@aero-demo.my',
      subject,
      message: message(subject),
      envelope,
      status,
      attempts: 0,
      created_at: new Date(),
      ...extra,
    })
    const connection = await mysql.createConnection({
      host: env.get('MYSQL_HOST') ?? '127.0.0.1',
      port: env.get('MYSQL_PORT') ?? 3306,
      user: env.get('MYSQL_USER') ?? 'root',
      password: env.get('MYSQL_PASSWORD') ?? '',
      database: database.name,
    })
    try {
      for (const values of [
        row('Waiting', 'queued'),
        row('Given up', 'queued', { attempts: 5, failed_at: new Date(), last_error: '550' }),
        row('Already sent', 'sent', { sent_at: new Date() }),
      ]) {
        await connection.query('INSERT INTO mail_queue SET ?', [values])
      }
    } finally {
      await connection.end()
    }

    const moved = await ace(database, ['migration:run', '--force'])
    assert.equal(moved.status, 0, moved.output)
    assert.notInclude(await database.tables(), 'mail_queue')
    assert.equal(await database.count('queue_jobs'), 2)

    const smtp = await startFakeSmtp()
    try {
      const flush = await ace(database, ['mail:flush'], { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
      assert.equal(flush.status, 0, flush.output)
      assert.include(flush.output, '2 job(s) run')
      assert.sameMembers(
        smtp.received.map((mail) => mail.data.match(/^Subject: (.*)$/m)?.[1]),
        ['Waiting', 'Given up']
      )
    } finally {
      await smtp.close()
    }
    assert.equal(await database.count('queue_jobs'), 0)
  }).timeout(120_000)
})
