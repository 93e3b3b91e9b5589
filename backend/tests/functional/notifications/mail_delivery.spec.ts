import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import FlushMailQueue, { RETRY_AFTER_MINUTES } from '#core/mail/flush_mail_queue'
import { notify } from '#notifications'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { startFakeSmtp } from '#tests/helpers/smtp'

const smtpTo = (port: number) => new SMTPTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })

test.group('Notifications | the email queue retries, gives up visibly, loses nothing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an SMTP failure is retried after 1, 5, 15 and 60 minutes, then given up for a super admin to retry', async ({
    client,
    assert,
  }) => {
    const member = await createUser({ name: 'Siti Aminah' })
    await notify([
      {
        userId: member.id,
        kind: 'booking_status',
        title: 'Your booking was approved: MKS-07 (lot 4107)',
        body: 'MKS-07 (lot 4107) at Aero Industrial Hub: booked by Admin. Status: Approved.',
        link: '/dashboard?booking=7',
        summary: [['Lot', 'MKS-07 (lot 4107)']],
        action: 'Open the booking',
      },
    ])
    const [queued] = await db.from('mail_queue').where('recipients', member.email)
    assert.exists(queued)

    const down = await startFakeSmtp({ refuseRecipients: true })
    const refusing = new FlushMailQueue(smtpTo(down.port))
    const start = Date.now()
    const at = (minutes: number) => new Date(start + minutes * 60_000)
    try {
      let elapsed = 0
      for (const [index, wait] of RETRY_AFTER_MINUTES.entries()) {
        const report = await refusing.handle(at(elapsed))
        assert.lengthOf(report.failed, 1, `try ${index + 1} fails`)
        assert.equal(report.failed[0].retryAt?.getTime(), at(elapsed + wait).getTime())
        // Not before its time.
        const early = await refusing.handle(at(elapsed + wait - 0.5))
        assert.deepEqual([early.sent.length, early.failed.length], [0, 0])
        elapsed += wait
      }
      const last = await refusing.handle(at(elapsed))
      assert.lengthOf(last.failed, 1)
      assert.isNull(last.failed[0].retryAt, 'the fifth failure gives it up')
      assert.deepEqual((await refusing.handle(at(elapsed + 1000))).failed, [])
    } finally {
      await down.close()
    }
    const given = await db.from('mail_queue').where('id', queued.id).first()
    assert.containSubset(given, { status: 'queued', attempts: 5, next_attempt_at: null })
    assert.isNotNull(given.failed_at)
    assert.include(given.last_error, '550')

    const agent = await createUser({ role: 'agent_admin' })
    ;(await client.get('/api/mail-deliveries').bearerToken(await bearerFor(client, agent))).assertStatus(403)
    ;(
      await client.post(`/api/mail-deliveries/${queued.id}/retry`).bearerToken(await bearerFor(client, agent))
    ).assertStatus(403)
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const failed = await client.get('/api/mail-deliveries').bearerToken(admin)
    failed.assertStatus(200)
    assert.containSubset(failed.body(), [
      { id: queued.id, state: 'failed', attempts: 5, recipients: member.email, subject: queued.subject },
    ])
    assert.notProperty(failed.body()[0], 'message')
    const retried = await client.post(`/api/mail-deliveries/${queued.id}/retry`).bearerToken(admin)
    retried.assertStatus(200)
    assert.containSubset(retried.body(), { state: 'waiting', attempts: 0 })
    ;(await client.post(`/api/mail-deliveries/${queued.id}/retry`).bearerToken(admin)).assertStatus(404)

    const up = await startFakeSmtp()
    try {
      const report = await new FlushMailQueue(smtpTo(up.port)).handle()
      assert.lengthOf(report.sent, 1)
      assert.lengthOf(up.received, 1)
      assert.deepEqual(up.received[0].to, [member.email])
      assert.include(up.received[0].data, 'Subject: Your booking was approved: MKS-07 (lot 4107)')
      assert.include(up.received[0].data, 'text/html')
      assert.include(up.received[0].data, 'Siti Aminah')
    } finally {
      await up.close()
    }
    assert.containSubset(await db.from('mail_queue').where('id', queued.id).first(), {
      status: 'sent',
      failed_at: null,
    })
  }).timeout(60_000)

  test('the list refuses a filter it does not know', async ({ client, assert }) => {
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const bad = await client.get('/api/mail-deliveries').qs({ filter: '{"state":"lost"}' }).bearerToken(admin)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'filter.state')
    ;(await client.get('/api/mail-deliveries')).assertStatus(401)
  })
})
