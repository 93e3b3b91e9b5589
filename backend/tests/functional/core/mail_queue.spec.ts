import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import SendMail from '#core/jobs/send_mail'
import { BOOT_WAIT_MS, productionEnv, runNode, startBackend } from '#tests/helpers/processes'
import { startFakeSmtp } from '#tests/helpers/smtp'
import { Redis } from 'ioredis'
import { randomBytes } from 'node:crypto'
import { queueJobs, queueSchedules, useDatabaseQueue } from '#tests/helpers/queue'

const testDatabase = () => env.get('MYSQL_DB_NAME') ?? 'aero_test'
const outbox = () => app.makePath(env.get('MAIL_OUTBOX')!)
const recorded = async () =>
  (await readFile(outbox(), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))

const enquiry = {
  name: 'Queue Tester',
  email: 'queue.tester@example.my',
  phone: '+60 12-345 6789',
  message: 'Is lot MKS-07 still available?',
}

const message = (to: string, subject: string) => ({
  from: { address: 'no-reply@aero-demo.my', name: 'Aero Property Booking' },
  to: [{ address: to, name: 'Sales' }],
  subject,
  text: `About ${subject}`,
})

async function until<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T | undefined> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    const found = await probe()
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return undefined
}

test.group('Mail | every email goes through the job queue', (group) => {
  // Other processes write here (a production server, `mail:flush`): rows are committed, and removed after each test.
  group.each.setup(async () => {
    await queueJobs().delete()
    await queueSchedules().delete()
    await db.from('mail_outbox').delete()
    await rm(outbox(), { force: true })
    return async () => {
      await queueJobs().delete()
      await queueSchedules().delete()
      await db.from('mail_outbox').delete()
      await db.from('contact_messages').where('email', enquiry.email).delete()
    }
  })

  test('a production server without SMTP queues the email and its worker keeps it, rendered, in the outbox table', async ({
    assert,
  }) => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'aero-outbox-'))
    const file = join(outboxDir, 'outbox.jsonl')
    const backend = await startBackend(productionEnv(testDatabase(), { LIMITER_STORE: 'memory', MAIL_OUTBOX: file }))
    try {
      const response = await fetch(`${backend.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(enquiry),
      })
      assert.equal(response.status, 201, await response.text())
      const kept = await until(() => db.from('mail_outbox').first())
      assert.exists(kept, `the web server's worker delivered it:\n${backend.output()}`)
      assert.containSubset(kept, {
        recipients: env.get('CONTACT_EMAIL') ?? 'sales@aero-demo.my',
        subject: `Website enquiry from ${enquiry.name}`,
      })
      assert.include(kept.text, enquiry.message)
      assert.isNotNull(kept.sent_at)
    } finally {
      await backend.stop()
    }
    assert.lengthOf(await queueJobs(), 0, 'the job is done and gone')
    assert.isFalse(existsSync(file), 'nothing is written to a local file')
    await rm(outboxDir, { recursive: true, force: true })
  }).timeout(BOOT_WAIT_MS + 60_000)

  test('with REDIS_URL the email waits in Redis, under the deployment prefix, and the worker keeps it in the outbox', async ({
    assert,
  }) => {
    const prefix = `aero-test-${randomBytes(4).toString('hex')}:`
    const redis = new Redis({ host: '127.0.0.1', port: 6379 })
    const backend = await startBackend(
      productionEnv(testDatabase(), {
        LIMITER_STORE: 'memory',
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: prefix,
      })
    )
    try {
      const response = await fetch(`${backend.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(enquiry),
      })
      assert.equal(response.status, 201, await response.text())
      const kept = await until(() => db.from('mail_outbox').first())
      assert.exists(kept, `the worker delivered it:\n${backend.output()}`)
      assert.equal(kept.subject, `Website enquiry from ${enquiry.name}`)
      assert.lengthOf(await queueJobs(), 0, 'nothing waited in the database')
      // The schedules are registered beside the boot, not before it: on a busy machine, after the email.
      const keys = await until(async () => {
        const found = await redis.keys(`${prefix}queue::*`)
        return found.length > 0 ? found : undefined
      }, 30_000)
      assert.isNotEmpty(keys, `the queue keeps its keys (its schedules ...) under the prefix:\n${backend.output()}`)
      assert.isEmpty(await redis.keys('jobs::*'), 'none outside it')
    } finally {
      await backend.stop()
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    }
  }).timeout(BOOT_WAIT_MS + 60_000)

  test('`mail:flush` runs the queued emails over SMTP once it is configured, each once', async ({ assert }) => {
    const queue = await useDatabaseQueue()
    try {
      await SendMail.dispatch({ message: message('sales@aero-demo.my', 'Queued while no worker ran') })
    } finally {
      await queue.restore()
    }
    const smtp = await startFakeSmtp()
    const flush = () =>
      runNode(['ace', 'mail:flush'], {
        cwd: app.makePath(),
        env: productionEnv(testDatabase(), { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }),
      })
    try {
      const first = await flush()
      assert.equal(first.status, 0, first.output)
      assert.include(first.output, '1 job(s) run')
      assert.lengthOf(smtp.received, 1)
      assert.deepEqual(smtp.received[0].to, ['sales@aero-demo.my'])
      assert.include(smtp.received[0].data, 'Subject: Queued while no worker ran')

      const second = await flush()
      assert.equal(second.status, 0, second.output)
      assert.include(second.output, '0 job(s) run')
      assert.lengthOf(smtp.received, 1)
    } finally {
      await smtp.close()
    }
  }).timeout(BOOT_WAIT_MS + 60_000)

  test('`mail.send` queues the whole message, Bcc included; the worker sends it as composed', async ({ assert }) => {
    const queue = await useDatabaseQueue()
    try {
      await mail.send((composed) => {
        composed
          .from('no-reply@aero-demo.my')
          .to('sales@aero-demo.my')
          .bcc('audit@aero-demo.my')
          .subject('Kept whole')
          .text('Body')
      })
      assert.notInclude(JSON.stringify(await recorded()), 'Kept whole', 'not sent in the request')
      const [row] = await queueJobs()
      const payload = JSON.parse(row.data).payload
      assert.containSubset(payload.message, { subject: 'Kept whole', text: 'Body' })
      assert.deepEqual(payload.message.bcc, ['audit@aero-demo.my'])

      await queue.drain()
      const [sent] = (await recorded()).filter((line) => line.subject === 'Kept whole')
      assert.containSubset(sent, { subject: 'Kept whole', text: 'Body' })
      assert.include(JSON.stringify(sent), 'audit@aero-demo.my', 'the Bcc travels with it')
    } finally {
      await queue.restore()
    }
  })

  test('two workers at once send each email once', async ({ assert }) => {
    const queue = await useDatabaseQueue()
    try {
      for (const subject of ['First', 'Second', 'Third']) {
        await mail.send((composed) => {
          composed.to('a@aero-demo.my').subject(subject).text(subject)
        })
      }
      const [one, two] = await Promise.all([queue.drain(), queue.drain()])
      assert.equal(one.completed + two.completed, 3)
      assert.sameMembers(
        (await recorded())
          .filter((sent) => JSON.stringify(sent.to).includes('a@aero-demo.my'))
          .map((sent) => sent.subject),
        ['First', 'Second', 'Third']
      )
    } finally {
      await queue.restore()
    }
  })
})
