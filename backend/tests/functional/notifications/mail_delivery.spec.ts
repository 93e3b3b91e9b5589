import { test } from '@japa/runner'
import { readFile, rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { notify } from '#notifications'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { queueJobs, useDatabaseQueue } from '#tests/helpers/queue'

const outbox = () => app.makePath(env.get('MAIL_OUTBOX')!)
const sentTo = async (address: string) =>
  (await readFile(outbox(), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((message) => JSON.stringify(message.to).includes(address))

/** The queue's row for the job as its worker left it. */
async function jobRow(id: string) {
  const row = await queueJobs().where('id', id).first()
  return { ...row, data: JSON.parse(row.data) }
}

test.group('Queue | an email that cannot be sent is retried with back-off, then listed for super admins', (group) => {
  let queue: Awaited<ReturnType<typeof useDatabaseQueue>>
  group.each.setup(async () => {
    await queueJobs().delete()
    await rm(outbox(), { force: true })
    queue = await useDatabaseQueue()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      await queue.restore()
      env.set('SMTP_HOST', '')
      await queueJobs().delete()
    }
  })

  test('an SMTP failure is tried again after 1, 4, 16 and 60 minutes, then kept as failed and retried by a super admin', async ({
    client,
    assert,
  }) => {
    const member = await createUser({ name: 'Siti Aminah' })
    const agent = await createUser({ role: 'agent_admin' })
    const superAdmin = await createUser({ role: 'super_admin' })
    // SMTP configured but unreachable: the job's send fails (connection refused).
    env.set('SMTP_HOST', '127.0.0.1')
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
    const [queued] = await queueJobs().where('status', 'pending')
    assert.exists(queued, 'the email waits in the queue, not in the request')
    assert.equal(JSON.parse(queued.data).name, 'SendMail')

    for (const [index, minutes] of [1, 4, 16, 60].entries()) {
      const before = Date.now()
      await queue.drain()
      const row = await jobRow(queued.id)
      assert.equal(row.status, 'delayed', `after failure ${index + 1} it waits`)
      assert.equal(row.data.attempts, index + 1)
      const wait = Number(row.execute_at) - before
      assert.isAtLeast(wait, minutes * 60_000 - 1_000)
      assert.isAtMost(wait, minutes * 60_000 + 5_000)
      // Not before its back-off...
      await queue.drain()
      assert.equal((await jobRow(queued.id)).status, 'delayed')
      // ...but once it is due.
      await queueJobs()
        .where('id', queued.id)
        .update({ execute_at: Date.now() - 1 })
    }
    await queue.drain()
    const failed = await jobRow(queued.id)
    assert.equal(failed.status, 'failed', 'the fifth failed send gives it up, kept')
    assert.match(failed.error, /ECONNREFUSED|connect/i)

    ;(await client.get('/api/admin/jobs/failed')).assertStatus(401)
    ;(await client.get('/api/admin/jobs/failed').bearerToken(await bearerFor(client, agent))).assertStatus(403)
    ;(await client.get('/api/admin/jobs/failed').bearerToken(await bearerFor(client, member))).assertStatus(403)
    ;(
      await client.post(`/api/admin/jobs/failed/${queued.id}/retry`).bearerToken(await bearerFor(client, agent))
    ).assertStatus(403)
    assert.equal((await jobRow(queued.id)).status, 'failed', 'a refused retry changes nothing')

    const admin = await bearerFor(client, superAdmin)
    const list = await client.get('/api/admin/jobs/failed').bearerToken(admin)
    list.assertStatus(200)
    assert.equal(list.header('content-range'), 'jobs 0-0/1')
    const [listed] = list.body()
    assert.containSubset(listed, { id: queued.id, name: 'SendMail', attempts: 5 })
    assert.match(listed.lastError, /ECONNREFUSED|connect/i)
    assert.isNotNull(listed.failedAt)
    assert.include(listed.summary, member.email)
    assert.include(listed.summary, 'Your booking was approved')
    assert.notProperty(listed, 'payload', 'never the body')

    // SMTP back: the retried email is sent (here to the recording transport).
    env.set('SMTP_HOST', '')
    const retried = await client.post(`/api/admin/jobs/failed/${queued.id}/retry`).bearerToken(admin)
    retried.assertStatus(202)
    await queue.drain()
    assert.lengthOf(await sentTo(member.email), 1)
    assert.lengthOf(await queueJobs().where('status', 'failed'), 0)
    ;(await client.post(`/api/admin/jobs/failed/${queued.id}/retry`).bearerToken(admin)).assertStatus(404)
  }).timeout(60_000)
})
