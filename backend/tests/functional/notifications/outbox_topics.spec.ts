import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import BookingDocument from '#documents/models/booking_document'
import { Notification } from '#notifications'
import { deliverDueOutbox, swapOutboxHandlers, type OutboxTopic } from '#core/outbox'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { outboxRows } from '#tests/helpers/outbox'

const notificationsOf = (userId: number) => Notification.query().where('user_id', userId).orderBy('id')

/** Until the returned function runs, every delivery of `topic` fails as a mail server that is down would. */
function failDeliveries(topic: OutboxTopic) {
  return swapOutboxHandlers(topic, [
    async () => {
      throw new Error('the mail server is down')
    },
  ])
}

/** The one row kept after its delivery failed, then delivered by the sweep a minute later. */
async function keptThenSwept(assert: { equal: (a: unknown, b: unknown) => void }, topic: OutboxTopic) {
  const rows = await outboxRows()
  assert.equal(rows.length, 1)
  assert.equal(rows[0].topic, topic)
  assert.equal(rows[0].attempts, 1)
  assert.equal((await deliverDueOutbox(new Date(Date.now() + 60_000))).delivered, 1)
  assert.equal((await outboxRows()).length, 0)
}

test.group('Notifications | document and membership notices leave through the outbox', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a rejected document: the request answers even when the delivery fails; the sweep tells the requester', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const lot = await createLot(await createDevelopment({ name: 'Aero Outbox Park' }), { unitNumber: 'OBX-02' })
    const requested = await requestBooking(client, await bearerFor(client, world.memberA), lot.id, {
      cheque: 'pdf',
      icFront: 'png',
      icBack: 'jpeg',
    })
    requested.assertStatus(201)
    const cheque = await BookingDocument.query()
      .where('booking_id', requested.body().id)
      .where('document_type', 'cheque')
      .firstOrFail()
    const before = (await notificationsOf(world.memberA.id)).length

    const restore = failDeliveries('booking:document_changed')
    try {
      const reviewed = await client
        .put(`/api/bookings/${requested.body().id}/documents/${cheque.id}/review`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ status: 'rejected', reason: 'Amount unreadable' })
      reviewed.assertStatus(200)
    } finally {
      restore()
    }
    assert.lengthOf(await notificationsOf(world.memberA.id), before, 'not told yet')
    await keptThenSwept(assert, 'booking:document_changed')
    const told = (await notificationsOf(world.memberA.id)).slice(before)
    assert.deepEqual(
      told.map((row) => row.title),
      ['Document rejected: payment cheque for OBX-02 (lot ' + lot.lotNumber + ')']
    )
  })

  test('a membership request and its decision: each written in its transaction, delivered once', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const applicant = await createUser()
    const restore = failDeliveries('membership:requested')
    try {
      const response = await client
        .post('/api/users/request-agency')
        .bearerToken(await bearerFor(client, applicant))
        .json({ agencyId: world.agencyA.id, position: 'Negotiator', requestMessage: 'Please add me' })
      response.assertStatus(201)
    } finally {
      restore()
    }
    assert.lengthOf(await notificationsOf(world.agentA.id), 0, 'not told yet')
    await keptThenSwept(assert, 'membership:requested')
    assert.deepEqual(
      (await notificationsOf(world.agentA.id)).map((row) => row.kind),
      ['membership_request'],
      'told once, by the sweep'
    )

    const decided = await client
      .put(`/api/users/${applicant.id}/agency-request/approve`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({})
    decided.assertStatus(200)
    assert.lengthOf(await outboxRows(), 0, 'delivered after the commit')
    assert.deepEqual(
      (await notificationsOf(applicant.id)).map((row) => row.kind),
      ['membership_decision']
    )
  })

  test('a refused decision writes nothing to the outbox', async ({ client, assert }) => {
    const world = await bookingWorld()
    const applicant = await createUser()
    const refused = await client
      .put(`/api/users/${applicant.id}/agency-request/approve`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({})
    assert.isAtLeast(refused.status(), 400)
    assert.lengthOf(await outboxRows(), 0)
    assert.lengthOf(await notificationsOf(applicant.id), 0)
  })
})
