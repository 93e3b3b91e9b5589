import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { MailResponse } from '@adonisjs/mail'
import env from '#start/env'
import { sqlDateTime } from '#core/dates'
import FlushMailQueue from '#core/mail/flush_mail_queue'
import { QueueTransport } from '#core/mail/queue_transport'
import { productionEnv, runNode, startBackend } from '#tests/helpers/processes'
import { startFakeSmtp } from '#tests/helpers/smtp'

const testDatabase = () => env.get('MYSQL_DB_NAME') ?? 'aero_test'

const enquiry = {
  name: 'Queue Tester',
  email: 'queue.tester@example.my',
  phone: '+60 12-345 6789',
  message: 'Is lot MKS-07 still available?',
}

function queued(to: string, subject: string): NodeMailerMessage {
  return {
    from: { address: 'no-reply@aero-demo.my', name: 'Aero Property Booking' },
    to: [{ address: to, name: 'Sales' }],
    subject,
    text: `About ${subject}`,
  }
}

/** `node ace mail:flush` in production against the test database, with `extra` settings. */
function flush(extra: Record<string, string> = {}) {
  return runNode(['ace', 'mail:flush'], { cwd: app.makePath(), env: productionEnv(testDatabase(), extra) })
}

/** A transport that keeps what it is asked to send (or refuses everything). */
function keepingTransport(refuse = false) {
  const sent: NodeMailerMessage[] = []
  const transport: MailTransportContract = {
    async send(message) {
      if (refuse) throw new Error('550 mailbox unavailable')
      sent.push(message)
      return new MailResponse('<id@test>', { from: 'no-reply@aero-demo.my', to: [] }, undefined)
    },
  }
  return { sent, transport }
}

test.group('Mail | production without SMTP: the queue', (group) => {
  // Other processes write here (a production server, `mail:flush`): rows are committed, and removed after each test.
  // Earlier specs' own server processes may have committed notification mail: each test starts from an empty queue.
  group.each.setup(async () => {
    await db.from('mail_queue').delete()
  })
  group.each.teardown(async () => {
    await db.from('mail_queue').delete()
    await db.from('contact_messages').where('email', enquiry.email).delete()
  })

  test('a production server without SMTP queues its mail in the database, not in a file', async ({ assert }) => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'aero-outbox-'))
    const outbox = join(outboxDir, 'outbox.jsonl')
    const backend = await startBackend(productionEnv(testDatabase(), { LIMITER_STORE: 'memory', MAIL_OUTBOX: outbox }))
    try {
      const response = await fetch(`${backend.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(enquiry),
      })
      assert.equal(response.status, 201, await response.text())
    } finally {
      await backend.stop()
    }

    const rows = await db.from('mail_queue').select('*')
    assert.lengthOf(rows, 1)
    assert.containSubset(rows[0], {
      recipients: env.get('CONTACT_EMAIL') ?? 'sales@aero-demo.my',
      subject: `Website enquiry from ${enquiry.name}`,
      status: 'queued',
      attempts: 0,
      sent_at: null,
    })
    const message = JSON.parse(rows[0].message)
    assert.include(message.text, enquiry.message)
    assert.deepEqual(message.replyTo, [{ address: enquiry.email, name: enquiry.name }])
    assert.isFalse(existsSync(outbox), 'nothing is written to a local file')
    await rm(outboxDir, { recursive: true, force: true })
  }).timeout(60_000)

  test('`mail:flush` sends the queue over SMTP once it is configured, each message once', async ({ assert }) => {
    await new QueueTransport().send(queued('sales@aero-demo.my', 'Queued while SMTP was down'))
    const smtp = await startFakeSmtp()
    try {
      const first = await flush({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
      assert.equal(first.status, 0, first.output)
      assert.include(first.output, '1 sent, 0 still queued')
      assert.lengthOf(smtp.received, 1)
      assert.deepEqual(smtp.received[0].to, ['sales@aero-demo.my'])
      assert.equal(smtp.received[0].from, 'no-reply@aero-demo.my')
      assert.include(smtp.received[0].data, 'Subject: Queued while SMTP was down')
      assert.include(smtp.received[0].data, 'About Queued while SMTP was down')

      const [row] = await db.from('mail_queue').select('*')
      assert.containSubset(row, { status: 'sent', attempts: 1, last_error: null })
      assert.isNotNull(row.sent_at)

      const second = await flush({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
      assert.equal(second.status, 0, second.output)
      assert.include(second.output, '0 sent, 0 still queued')
      assert.lengthOf(smtp.received, 1)
    } finally {
      await smtp.close()
    }
  }).timeout(60_000)

  test('a message the SMTP server refuses stays queued with the reason; without SMTP nothing is tried', async ({
    assert,
  }) => {
    await new QueueTransport().send(queued('nobody@aero-demo.my', 'Refused'))

    const unconfigured = await flush()
    assert.equal(unconfigured.status, 1)
    assert.include(unconfigured.output, 'SMTP is not configured (SMTP_HOST): the queued mail stays queued')
    assert.containSubset(await db.from('mail_queue').first(), { status: 'queued', attempts: 0 })

    const smtp = await startFakeSmtp({ refuseRecipients: true })
    try {
      const refused = await flush({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) })
      assert.equal(refused.status, 1, refused.output)
      assert.include(refused.output, '0 sent, 1 still queued after a failure')
    } finally {
      await smtp.close()
    }
    const row = await db.from('mail_queue').first()
    assert.containSubset(row, { status: 'queued', attempts: 1, claimed_at: null, sent_at: null })
    assert.include(row.last_error, '550')
  }).timeout(60_000)
})

test.group('Mail | flushing the queue', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the `queue` mailer keeps the whole message with its envelope', async ({ assert }) => {
    await mail.use('queue').send((message) => {
      message
        .from('no-reply@aero-demo.my')
        .to('sales@aero-demo.my')
        .bcc('audit@aero-demo.my')
        .subject('Kept whole')
        .text('Body')
    })
    const row = await db.from('mail_queue').firstOrFail()
    assert.containSubset(row, { recipients: 'sales@aero-demo.my, audit@aero-demo.my', subject: 'Kept whole' })
    assert.deepEqual(JSON.parse(row.envelope), {
      from: 'no-reply@aero-demo.my',
      to: ['sales@aero-demo.my', 'audit@aero-demo.my'],
    })
    assert.include(JSON.parse(row.message), { subject: 'Kept whole', text: 'Body' })
  })

  test('two flushes at once send each message once', async ({ assert }) => {
    for (const subject of ['First', 'Second', 'Third'])
      await new QueueTransport().send(queued('a@aero-demo.my', subject))
    const { sent, transport } = keepingTransport()
    const [one, two] = await Promise.all([
      new FlushMailQueue(transport).handle(),
      new FlushMailQueue(transport).handle(),
    ])

    assert.sameMembers(
      sent.map((message) => message.subject),
      ['First', 'Second', 'Third']
    )
    assert.equal(one.sent.length + two.sent.length, 3)
    assert.deepEqual(
      (await db.from('mail_queue').select('status')).map((row) => row.status),
      ['sent', 'sent', 'sent']
    )
  })

  test('a failure puts the message back with its error; a flush after its back-off sends it', async ({ assert }) => {
    await new QueueTransport().send(queued('a@aero-demo.my', 'Retried'))
    const refused = await new FlushMailQueue(keepingTransport(true).transport).handle()
    assert.deepEqual(refused.sent, [])
    assert.equal(refused.failed[0].error, '550 mailbox unavailable')
    assert.containSubset(await db.from('mail_queue').first(), { status: 'queued', attempts: 1 })

    const { sent, transport } = keepingTransport()
    // Not before its back-off (a minute after the first failure).
    await new FlushMailQueue(transport).handle()
    assert.lengthOf(sent, 0)
    await new FlushMailQueue(transport).handle(new Date(Date.now() + 61_000))
    assert.lengthOf(sent, 1)
    assert.containSubset(await db.from('mail_queue').first(), { status: 'sent', attempts: 2, last_error: null })
  })

  test('a message claimed by a flush that died is sent again after 15 minutes, not before', async ({ assert }) => {
    await new QueueTransport().send(queued('a@aero-demo.my', 'Abandoned long ago'))
    await new QueueTransport().send(queued('a@aero-demo.my', 'Being sent now'))
    const [abandoned, inFlight] = await db.from('mail_queue').orderBy('id').select('id')
    const minutesAgo = (minutes: number) => sqlDateTime(new Date(Date.now() - minutes * 60_000))
    await db
      .from('mail_queue')
      .where('id', abandoned.id)
      .update({ status: 'sending', claimed_at: minutesAgo(20) })
    await db
      .from('mail_queue')
      .where('id', inFlight.id)
      .update({ status: 'sending', claimed_at: minutesAgo(5) })

    const { sent, transport } = keepingTransport()
    await new FlushMailQueue(transport).handle()
    assert.deepEqual(
      sent.map((message) => message.subject),
      ['Abandoned long ago']
    )
  })
})
