import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import env from '#start/env'
import { Booking } from '#bookings'
import { registerSchedules } from '#start/schedules'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { BOOT_WAIT_MS, productionEnv, runNode, startBackend } from '#tests/helpers/processes'
import { queueJobs, queueSchedules, useDatabaseQueue } from '#tests/helpers/queue'

const schedules = queueSchedules
const testDatabase = () => env.get('MYSQL_DB_NAME') ?? 'aero_test'

test.group('Queue | the schedules', (group) => {
  let queue: Awaited<ReturnType<typeof useDatabaseQueue>>
  group.each.setup(async () => {
    await schedules().delete()
    await queueJobs().delete()
    queue = await useDatabaseQueue()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await rollback()
      await queue.restore()
      await schedules().delete()
      await queueJobs().delete()
    }
  })

  test('the hold clock, the outbox sweep and the phased release run every minute, pruning hourly, document retention daily; registering again changes nothing else', async ({
    assert,
  }) => {
    await registerSchedules()
    await registerSchedules()
    const rows = await schedules().orderBy('id').select('id', 'name', 'cron_expression', 'timezone', 'next_run_at')
    assert.deepEqual(
      rows.map((row) => [row.id, row.name, row.cron_expression, row.timezone]),
      [
        ['document-retention', 'DocumentRetention', '17 3 * * *', 'UTC'],
        ['hold-clock', 'HoldClock', '* * * * *', 'UTC'],
        ['outbox-sweep', 'DeliverOutbox', '* * * * *', 'UTC'],
        ['prune-expired-state', 'PruneState', '7 * * * *', 'UTC'],
        ['release-due-lots', 'ReleaseDueLots', '* * * * *', 'UTC'],
      ]
    )
    const holdClock = rows.find((row) => row.id === 'hold-clock')!
    const next = new Date(holdClock.next_run_at).getTime()
    assert.isAbove(next, Date.now() - 1_000)
    assert.isAtMost(next, Date.now() + 61_000)
  })

  test('a due run is dispatched once by two workers at once, and its job expires a hold past its deadline', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const lot = await createLot(await createDevelopment({ holdMinutes: 30 }))
    const response = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
    response.assertStatus(201)
    const booking = await Booking.findOrFail(response.body().id)
    booking.heldUntil = DateTime.utc().minus({ minutes: 1 })
    await booking.save()

    // Every minute: drains crossing into the next one would rightly run it again.
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute))
    await registerSchedules()
    await schedules()
      .where('id', 'hold-clock')
      .update({ next_run_at: new Date(Date.now() - 1_000) })
    await Promise.all([queue.drain(), queue.drain()])
    const holdClock = await schedules().where('id', 'hold-clock').first()
    assert.equal(Number(holdClock.run_count), 1, 'one run, dispatched once')
    assert.isAbove(new Date(holdClock.next_run_at).getTime(), Date.now() - 1_000, 'the next run is the next minute')
    assert.equal((await Booking.findOrFail(booking.id)).status, 'expired')
    assert.lengthOf(await queueJobs(), 0)
  }).timeout(60_000)
})

test.group('Queue | the worker of the web server', (group) => {
  group.each.setup(async () => {
    await queueJobs().delete()
    await schedules().delete()
    return async () => {
      await queueJobs().delete()
      await schedules().delete()
      await db.from('contact_messages').where('email', 'switch@example.my').delete()
      await db.from('mail_outbox').delete()
    }
  })

  test('with QUEUE_WORKER_IN_WEB=false the web server registers the schedules but runs no job; a worker does', async ({
    assert,
  }) => {
    const backend = await startBackend(
      productionEnv(testDatabase(), { LIMITER_STORE: 'memory', QUEUE_WORKER_IN_WEB: 'false' })
    )
    try {
      const response = await fetch(`${backend.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          name: 'Switch',
          email: 'switch@example.my',
          phone: '+60 12-345 6789',
          message: 'Is MKS-07 free?',
        }),
      })
      assert.equal(response.status, 201, await response.text())
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      assert.lengthOf(await queueJobs().where('status', 'pending'), 1, 'the email waits for a worker')
      // Registered beside the boot, not before it: on a busy machine they may come a little later.
      for (let waited = 0; (await schedules()).length < 5 && waited < 30_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      assert.lengthOf(await schedules(), 5, backend.output())
    } finally {
      await backend.stop()
    }
    const worker = await runNode(['ace', 'mail:flush'], { cwd: app.makePath(), env: productionEnv(testDatabase()) })
    assert.equal(worker.status, 0, worker.output)
    assert.lengthOf(await queueJobs(), 0)
    assert.lengthOf(await db.from('mail_outbox').where('subject', 'like', '%Switch%'), 1)
  }).timeout(BOOT_WAIT_MS + 60_000)
})
