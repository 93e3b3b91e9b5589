import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { Booking, onWorkflow, takeTransition } from '#bookings'
import { Notification } from '#notifications'
import { OUTBOX_TABLE, deliverDueOutbox, swapOutboxHandlers } from '#core/outbox'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { answersWithoutOutboxWait, outboxDispatched, outboxRows } from '#tests/helpers/outbox'
import { queueJobs, useDatabaseQueue } from '#tests/helpers/queue'
import { recordedMails } from '#tests/helpers/mail'

/** Armed by one test: a step after the outbox's write that fails, so the transition rolls back. */
let failAfterOutbox: null | ((rowsSeen: number) => void) = null
onWorkflow('statusChanged', 'tests:fail-after-outbox', async (trx, event) => {
  if (!failAfterOutbox) return
  const rows = await trx.from(OUTBOX_TABLE).select('payload')
  failAfterOutbox(rows.filter((row) => JSON.parse(row.payload).bookingId === event.bookingId).length)
  throw new Error('the step after the outbox failed')
})

async function setUp(client: Parameters<typeof bearerFor>[0]) {
  const world = await bookingWorld()
  const development = await createDevelopment({ name: 'Aero Outbox Park' })
  const lot = await createLot(development, { unitNumber: 'OBX-01', lotNumber: '5101' })
  return { world, lot, member: await bearerFor(client, world.memberA) }
}

const notificationsOf = (userId: number) => Notification.query().where('user_id', userId).orderBy('id')

test.group('Notifications | a transition’s notifications leave through the outbox', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('written in the transition’s transaction: a transition that rolls back leaves no outbox row and tells nobody', async ({
    client,
    assert,
  }) => {
    const { world, lot, member } = await setUp(client)
    const requested = await requestBooking(client, member, lot.id)
    requested.assertStatus(201)
    const id = requested.body().id
    assert.lengthOf(await outboxRows(), 0, 'the request’s row was delivered (the test client waits for it)')
    const before = (await notificationsOf(world.agentA.id)).length

    let seenInTransaction = -1
    failAfterOutbox = (rows) => (seenInTransaction = rows)
    try {
      await assert.rejects(
        () => takeTransition({ actor: { system: true }, action: 'expire', bookingId: id }),
        'the step after the outbox failed'
      )
    } finally {
      failAfterOutbox = null
    }
    await outboxDispatched()
    assert.equal(seenInTransaction, 1, 'the expiry’s row was written in its transaction')
    assert.lengthOf(await outboxRows(), 0, 'and rolled back with it')
    assert.equal((await Booking.findOrFail(id)).status, 'pending_agent')
    assert.lengthOf(await notificationsOf(world.agentA.id), before)
    assert.lengthOf(await notificationsOf(world.memberA.id), 0)
  })

  test('the answer does not wait for the delivery: a slow one is still running when it arrives', async ({
    client,
    assert,
  }) => {
    const { world, lot, member } = await setUp(client)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const delivered: number[] = []
    const restoreHandlers = swapOutboxHandlers('booking:status_changed', [
      async (event) => {
        await gate
        delivered.push(event.bookingId)
      },
    ])
    const restoreWait = answersWithoutOutboxWait()
    try {
      const requested = await requestBooking(client, member, lot.id)
      requested.assertStatus(201)
      assert.deepEqual(delivered, [], 'answered while its delivery still waits')
      assert.equal((await Booking.findOrFail(requested.body().id)).status, 'pending_agent')
      release()
      await outboxDispatched()
      assert.deepEqual(delivered, [requested.body().id])
      assert.lengthOf(await outboxRows(), 0)
    } finally {
      release()
      restoreWait()
      restoreHandlers()
    }
    assert.lengthOf(await notificationsOf(world.agentA.id), 0, 'the stand-in told nobody')
  })

  test('a failing delivery neither fails the request nor loses the notices: the sweep delivers them later', async ({
    client,
    assert,
  }) => {
    const { world, lot, member } = await setUp(client)
    const restoreHandlers = swapOutboxHandlers('booking:status_changed', [
      async () => {
        throw new Error('the mail server is down')
      },
    ])
    let id: number
    try {
      const requested = await requestBooking(client, member, lot.id)
      requested.assertStatus(201)
      id = requested.body().id
    } finally {
      restoreHandlers()
    }
    const [kept] = await outboxRows()
    assert.equal(kept.topic, 'booking:status_changed')
    assert.equal(JSON.parse(kept.payload).bookingId, id)
    assert.equal(kept.attempts, 1)
    assert.include(kept.last_error, 'the mail server is down')
    assert.lengthOf(await notificationsOf(world.agentA.id), 0)

    // Not before its time: a row just written is its dispatch's, not the sweep's.
    assert.deepEqual(await deliverDueOutbox(), { delivered: 0, failed: 0 })
    assert.deepEqual(await deliverDueOutbox(new Date(Date.now() + 60_000)), { delivered: 1, failed: 0 })
    const [told] = await notificationsOf(world.agentA.id)
    assert.equal(told.kind, 'booking_request')
    assert.equal(told.title, 'New booking request: OBX-01 (lot 5101)')
    assert.lengthOf(await outboxRows(), 0)
  })
})

test.group('Notifications | the outbox on the job queue', (group) => {
  let queue: Awaited<ReturnType<typeof useDatabaseQueue>>
  group.each.setup(async () => {
    await queueJobs().delete()
    queue = await useDatabaseQueue()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      await queue.restore()
      await queueJobs().delete()
    }
  })

  test('the request only queues the delivery; the job records the same notifications and emails as before', async ({
    client,
    assert,
  }) => {
    const { world, lot, member } = await setUp(client)
    const mailsBefore = (await recordedMails(world.agentA.email)).length
    const requested = await requestBooking(client, member, lot.id)
    requested.assertStatus(201)
    const id = requested.body().id

    assert.lengthOf(await outboxRows(), 1, 'waiting for its job')
    assert.lengthOf(await notificationsOf(world.agentA.id), 0)
    const jobs = (await queueJobs().select('data')).map((row) => JSON.parse(row.data))
    assert.deepEqual(
      jobs.map((job) => [job.name, job.payload]),
      [['DeliverOutbox', { id: Number((await outboxRows())[0].id) }]]
    )

    await queue.drain()
    assert.lengthOf(await outboxRows(), 0)
    const told = await notificationsOf(world.agentA.id)
    assert.deepEqual(
      told.map((row) => [row.kind, row.title, row.body, row.link]),
      [
        [
          'booking_request',
          'New booking request: OBX-01 (lot 5101)',
          `OBX-01 (lot 5101) at Aero Outbox Park: booking requested by ${world.memberA.name}. Status: Pending Agency Approval. Notes: Booking requested`,
          `/backoffice/agent/booking-requests?booking=${id}`,
        ],
      ]
    )
    assert.lengthOf(await notificationsOf(world.memberA.id), 0, 'never the person who took the step')
    const mails = (await recordedMails(world.agentA.email)).slice(mailsBefore)
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      ['New booking request: OBX-01 (lot 5101) | Aero Property Booking']
    )
  })
})
