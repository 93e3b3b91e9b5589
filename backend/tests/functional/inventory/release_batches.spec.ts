import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import { ReleaseDueBatches, type Development } from '#inventory'
import { RELEASE_IN_PAST } from '#inventory/validators/release_batch'
import { RELEASE_BATCHES_FORBIDDEN } from '#inventory/policies/development_policy'
import { SCHEDULES } from '#start/schedules'
import { sqlDateTime } from '#core/dates'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { releaseTold } from '#tests/helpers/live'
import { inDatabaseQueue, queueJobs } from '#tests/helpers/queue'

const inHours = (hours: number) => DateTime.utc().plus({ hours }).toISO()

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lotA = await createLot(development, { isReleased: false })
  const lotB = await createLot(development, { isReleased: false })
  const onSale = await createLot(development)
  return { ...world, development, lotA, lotB, onSale }
}

const path = (development: Pick<Development, 'id'>) => `/api/developments/${development.id}/release-batches`

function schedule(
  client: ApiClient,
  token: string,
  development: Pick<Development, 'id'>,
  body: Record<string, unknown>
) {
  return client.post(path(development)).bearerToken(token).json(body)
}

const count = async (table: string) => Number((await db.from(table).count('* as total').first()).total)
const written = async () => [await count('release_batches'), await count('release_batch_lots')]
const released = async (lotId: number) => Boolean((await db.from('lots').where('id', lotId).first()).is_released)
const auditOf = (action: string) => db.from('audit_entries').where('action', action).orderBy('id')

/** A batch scheduled through the API, then made due (its time moved into the past). */
async function dueBatch(
  client: ApiClient,
  token: string,
  development: Development,
  lotIds: number[],
  name = 'Phase 1'
) {
  const response = await schedule(client, token, development, { name, releaseAt: inHours(1), lotIds })
  response.assertStatus(201)
  const id = response.body().id as number
  await db
    .from('release_batches')
    .where('id', id)
    .update({ release_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
  return id
}

test.group('Inventory | release batches: the super admins schedule them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('scheduled, listed with their lots, cancelled; audit-trailed; the lots stay not released', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const releaseAt = DateTime.utc().plus({ days: 2 }).startOf('second')

    const created = await schedule(client, token, world.development, {
      name: 'Phase 4B',
      releaseAt: releaseAt.setZone('Asia/Kuala_Lumpur').toISO(),
      lotIds: [world.lotB.id, world.lotA.id],
    })
    created.assertStatus(201)
    assert.containSubset(created.body(), {
      message: 'Release batch scheduled.',
      developmentId: world.development.id,
      name: 'Phase 4B',
      releaseAt: releaseAt.toUTC().toISO(),
      releasedAt: null,
      status: 'scheduled',
      createdById: world.superAdmin.id,
    })
    assert.sameMembers(created.body().lotIds, [world.lotA.id, world.lotB.id])

    // Another development's batch is not in this development's list.
    const elsewhere = await createDevelopment()
    const elsewhereLot = await createLot(elsewhere, { isReleased: false })
    ;(
      await schedule(client, token, elsewhere, { name: 'Other', releaseAt: inHours(3), lotIds: [elsewhereLot.id] })
    ).assertStatus(201)

    const list = await client.get(path(world.development)).bearerToken(token)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    assert.containSubset(list.body()[0], {
      id: created.body().id,
      name: 'Phase 4B',
      status: 'scheduled',
      lots: [
        { id: world.lotA.id, lotNumber: world.lotA.lotNumber, unitNumber: world.lotA.unitNumber },
        { id: world.lotB.id, lotNumber: world.lotB.lotNumber, unitNumber: world.lotB.unitNumber },
      ],
    })

    const cancelled = await client.delete(`${path(world.development)}/${created.body().id}`).bearerToken(token)
    cancelled.assertStatus(200)
    assert.equal(cancelled.body().message, 'Release batch cancelled.')
    assert.deepEqual((await client.get(path(world.development)).bearerToken(token)).body(), [])
    assert.isFalse(await released(world.lotA.id))
    ;(await client.delete(`${path(world.development)}/${created.body().id}`).bearerToken(token)).assertStatus(404)

    const entries = await db
      .from('audit_entries')
      .whereIn('action', ['development.release_batch_scheduled', 'development.release_batch_cancelled'])
      .where('subject_id', world.development.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actor_id]),
      [
        ['development.release_batch_scheduled', world.superAdmin.id],
        ['development.release_batch_cancelled', world.superAdmin.id],
      ]
    )
    assert.include(entries[0].after, world.lotA.lotNumber)

    // Cancelled, its lots may go into another batch.
    ;(
      await schedule(client, token, world.development, {
        name: 'Again',
        releaseAt: inHours(5),
        lotIds: [world.lotA.id],
      })
    ).assertStatus(201)
  })

  test('a time in the past or without its zone is a 422 naming releaseAt, and nothing is written', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const before = await written()

    const past = await schedule(client, token, world.development, {
      name: 'Too late',
      releaseAt: DateTime.utc().minus({ minutes: 5 }).toISO(),
      lotIds: [world.lotA.id],
    })
    past.assertStatus(422)
    assert.equal(past.body().message, RELEASE_IN_PAST)
    assert.deepEqual(past.body().errors, [{ field: 'releaseAt', message: RELEASE_IN_PAST }])

    const noZone = await schedule(client, token, world.development, {
      name: 'No zone',
      releaseAt: '2099-01-01T09:00:00',
      lotIds: [world.lotA.id],
    })
    noZone.assertStatus(422)
    assert.equal(noZone.body().errors[0].field, 'releaseAt')

    const missing = await schedule(client, token, world.development, { name: '', lotIds: [] })
    missing.assertStatus(422)
    assert.includeMembers(
      missing.body().errors.map((error: { field: string }) => error.field),
      ['name', 'releaseAt', 'lotIds']
    )
    assert.deepEqual(await written(), before)
  })

  test("another development's lot, a lot released, a lot already scheduled, a repeat: 422 on each, nothing written", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const other = await createLot(await createDevelopment(), { isReleased: false })
    const first = await schedule(client, token, world.development, {
      name: 'First',
      releaseAt: inHours(1),
      lotIds: [world.lotA.id],
    })
    first.assertStatus(201)
    const before = await written()

    const cases: Array<[string, number[], string, string]> = [
      ['another development', [world.lotB.id, other.id], 'lotIds.1', 'This lot belongs to another development'],
      ['released', [world.onSale.id], 'lotIds.0', 'This lot is already released'],
      ['scheduled', [world.lotB.id, world.lotA.id], 'lotIds.1', 'This lot is already in the scheduled batch "First"'],
      ['repeated', [world.lotB.id, world.lotB.id], 'lotIds.1', 'This lot is listed more than once'],
      ['missing', [2_000_000_000], 'lotIds.0', 'Lot not found'],
    ]
    for (const [name, lotIds, field, message] of cases) {
      const response = await schedule(client, token, world.development, { name, releaseAt: inHours(2), lotIds })
      assert.equal(response.status(), 422, `${name}: ${response.text()}`)
      assert.deepEqual(response.body(), { message, errors: [{ field, message }] }, name)
    }
    assert.deepEqual(await written(), before)

    const unknown = await schedule(
      client,
      token,
      { id: 2_000_000_000 },
      {
        name: 'Nowhere',
        releaseAt: inHours(2),
        lotIds: [world.lotB.id],
      }
    )
    unknown.assertStatus(404)
    ;(await client.get(path({ id: 2_000_000_000 })).bearerToken(token)).assertStatus(404)
  })

  test('agent admins and users are refused (403), signed-out callers 401, and nothing is written', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const superToken = await bearerFor(client, world.superAdmin)
    const existing = await schedule(client, superToken, world.development, {
      name: 'Existing',
      releaseAt: inHours(1),
      lotIds: [world.lotA.id],
    })
    existing.assertStatus(201)
    const before = await written()
    const body = { name: 'Not mine', releaseAt: inHours(2), lotIds: [world.lotB.id] }

    for (const person of [world.agentA, world.memberA, world.plainUser]) {
      const token = await bearerFor(client, person)
      const list = await client.get(path(world.development)).bearerToken(token)
      list.assertStatus(403)
      assert.equal(list.body().message, RELEASE_BATCHES_FORBIDDEN)
      ;(await schedule(client, token, world.development, body)).assertStatus(403)
      ;(await client.delete(`${path(world.development)}/${existing.body().id}`).bearerToken(token)).assertStatus(403)
    }
    ;(await client.get(path(world.development))).assertStatus(401)
    ;(await client.post(path(world.development)).json(body)).assertStatus(401)
    assert.deepEqual(await written(), before)

    // The other super admin role may.
    ;(await client.get(path(world.development)).bearerToken(await bearerFor(client, world.admin))).assertStatus(200)
  })
})

test.group('Inventory | release batches: the scheduler releases them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('a due batch: its lots released, the batch marked, an audit entry, each lot told live; a future batch untouched', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const later = await createLot(world.development, { isReleased: false })
    // Scheduled first: a batch's own release job (run at once on the tests' queue) would release the due one.
    const future = await schedule(client, token, world.development, {
      name: 'Phase 2',
      releaseAt: inHours(1),
      lotIds: [later.id],
    })
    future.assertStatus(201)
    const dueId = await dueBatch(client, token, world.development, [world.lotA.id, world.lotB.id])
    const events = emitter.fake(['lot:status_changed'])
    assert.containSubset(SCHEDULES, [{ id: 'release-due-lots', cron: '* * * * *' }], 'the sweep runs every minute')

    const result = await new ReleaseDueBatches().handle()
    assert.deepEqual(
      result.map((batch) => [batch.batchId, batch.lotIds.length]),
      [[dueId, 2]]
    )
    assert.isTrue(await released(world.lotA.id))
    assert.isTrue(await released(world.lotB.id))
    assert.isFalse(await released(later.id), 'the future batch waits')

    const list = await client.get(path(world.development)).bearerToken(token)
    assert.deepEqual(
      list.body().map((batch: { id: number; status: string }) => [batch.id, batch.status]),
      [
        [dueId, 'released'],
        [future.body().id, 'scheduled'],
      ]
    )
    assert.isNotNull(list.body()[0].releasedAt)

    const entries = await auditOf('development.release_batch_released')
    assert.lengthOf(entries, 1)
    assert.containSubset(entries[0], {
      subject_type: 'development',
      subject_id: world.development.id,
      actor_id: world.superAdmin.id,
    })
    assert.include(entries[0].after, `"batchId":${dueId}`)

    for (const lot of [world.lotA, world.lotB]) {
      events.assertEmitted('lot:status_changed', releaseTold(lot.id, true))
    }
    events.assertEmittedCount('lot:status_changed', 2)

    // Released, it can no longer be cancelled.
    const cancel = await client.delete(`${path(world.development)}/${dueId}`).bearerToken(token)
    cancel.assertStatus(409)
    assert.match(cancel.body().message, /already been released/)

    // Its lots can be booked now: the same refusal no longer applies, and they cannot be scheduled again.
    const again = await schedule(client, token, world.development, {
      name: 'Again',
      releaseAt: inHours(2),
      lotIds: [world.lotA.id],
    })
    again.assertStatus(422)
    assert.equal(again.body().message, 'This lot is already released')
  })

  test('two runs at once, and a run after them, release a due batch once', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const dueId = await dueBatch(client, token, world.development, [world.lotA.id])
    const events = emitter.fake(['lot:status_changed'])

    const job = new ReleaseDueBatches()
    const runs = await Promise.all([job.handle(), new ReleaseDueBatches().handle()])
    const third = await job.handle()
    assert.deepEqual(
      [...runs, third].flat().map((batch) => batch.batchId),
      [dueId]
    )
    const releasedAt = (await db.from('release_batches').where('id', dueId).first()).released_at
    assert.isNotNull(releasedAt)
    assert.lengthOf(await auditOf('development.release_batch_released'), 1)
    events.assertEmittedCount('lot:status_changed', 1)
    assert.isTrue(await released(world.lotA.id))
  })
})

test.group('Inventory | release batches: released at their own time', (group) => {
  group.each.setup(inDatabaseQueue)

  test("a scheduled batch queues its release job for the batch's time, not the next minute's sweep", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const releaseAt = DateTime.utc().plus({ minutes: 30 }).startOf('second')
    const response = await schedule(client, token, world.development, {
      name: 'Opening',
      releaseAt: releaseAt.toISO(),
      lotIds: [world.lotA.id],
    })
    response.assertStatus(201)

    const jobs = (await queueJobs().select('status', 'data', 'execute_at'))
      .map((row) => ({ ...row, name: JSON.parse(row.data).name }))
      .filter((row) => row.name === 'ReleaseDueLots')
    assert.lengthOf(jobs, 1)
    assert.equal(jobs[0].status, 'delayed')
    assert.closeTo(Number(jobs[0].execute_at), releaseAt.toMillis(), 5_000)

    // A refused batch queues nothing.
    await queueJobs().delete()
    const refused = await schedule(client, token, world.development, {
      name: 'Again',
      releaseAt: releaseAt.toISO(),
      lotIds: [world.lotA.id],
    })
    refused.assertStatus(422)
    assert.lengthOf(await queueJobs().select('id'), 0)
  })
})
