import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import emitter from '@adonisjs/core/services/emitter'
import { Lot, type LotStatusChanged } from '#inventory'
import { CreateLot, UpdateLot } from '#inventory/actions/save_lot'
import { ExpireHolds } from '#bookings'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { openStream, recordBroadcasts, type LiveMessage } from '#tests/helpers/live'

/**
 * What each committed change pushes (app/core/live.ts): a lot's new status on `lots`, a
 * booking's transition on its requester's, its agency's and the admins' channels; and
 * nothing at all when the change is refused or loses a race.
 */

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development)
  return { ...world, development, lot }
}

type World = Awaited<ReturnType<typeof setup>>

/**
 * The booking and lot messages of a commit, by channel. Each person's notifications
 * (`users/{id}/notifications`) go out after the commit as well; their own spec covers them
 * (tests/functional/notifications).
 */
const byChannel = (messages: LiveMessage[]) =>
  messages
    .filter((message) => !message.channel.endsWith('/notifications'))
    .sort((a, b) => a.channel.localeCompare(b.channel))

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

function lotMessage(lot: Lot, change: { status: string; previous: string | null; cause: string; at: unknown }) {
  return {
    type: 'lot',
    lotId: lot.id,
    developmentId: lot.developmentId,
    typeCode: lot.typeCode,
    lotNumber: lot.lotNumber,
    unitNumber: lot.unitNumber,
    ...change,
  }
}

async function memberRequest(client: ApiClient, world: World) {
  const response = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
  response.assertStatus(201)
  return response.body().id as number
}

test.group('Live | what a commit broadcasts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let recording: ReturnType<typeof recordBroadcasts>
  group.each.setup(() => {
    recording = recordBroadcasts()
    return () => recording.stop()
  })

  test("a member's booking request: the lot on `lots`, the booking to the member, the agency, the admins", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const id = await memberRequest(client, world)

    const heard = byChannel(recording.heard)
    const at = heard[0]?.payload.at
    assert.match(String(at), ISO_UTC)
    const booking = { type: 'booking', bookingId: id, lotId: world.lot.id, action: 'request', from: null }
    assert.deepEqual(heard, [
      { channel: 'admin/bookings', payload: { ...booking, to: 'pending_agent', at } },
      { channel: `agencies/${world.agencyA.id}/bookings`, payload: { ...booking, to: 'pending_agent', at } },
      {
        channel: 'lots',
        payload: lotMessage(world.lot, { status: 'reserved', previous: 'available', cause: 'booking', at }),
      },
      { channel: `users/${world.memberA.id}/bookings`, payload: { ...booking, to: 'pending_agent', at } },
    ])
  })

  test('an agent admin booking for a client tells both of them; a transition that keeps the lot says nothing on `lots`', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const created = await client
      .post('/api/bookings')
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
    created.assertStatus(201)
    assert.deepEqual(
      byChannel(recording.heard).map((message) => [message.channel, message.payload.to]),
      [
        ['admin/bookings', 'pending_admin'],
        [`agencies/${world.agencyA.id}/bookings`, 'pending_admin'],
        ['lots', undefined],
        [`users/${world.plainUser.id}/bookings`, 'pending_admin'],
        [`users/${world.agentA.id}/bookings`, 'pending_admin'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    )

    recording.heard.length = 0
    const id = await memberRequest(client, { ...world, lot: await createLot(world.development) })
    recording.heard.length = 0
    ;(
      await client
        .put(`/api/bookings/${id}/agent-response`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ action: 'approve' })
    ).assertStatus(200)
    assert.deepEqual(
      byChannel(recording.heard).map((message) => [message.channel, message.payload.action, message.payload.to]),
      [
        ['admin/bookings', 'approve', 'pending_admin'],
        [`agencies/${world.agencyA.id}/bookings`, 'approve', 'pending_admin'],
        [`users/${world.memberA.id}/bookings`, 'approve', 'pending_admin'],
      ]
    )
  })

  test('the sale and an expired hold move the lot from the status the booking held it in', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const admin = await bearerFor(client, world.superAdmin)
    const sold = await client
      .post('/api/bookings')
      .bearerToken(admin)
      .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
    sold.assertStatus(201)
    ;(
      await client.put(`/api/bookings/${sold.body().id}/status-update`).bearerToken(admin).json({ status: 'booked' })
    ).assertStatus(200)
    recording.heard.length = 0
    ;(
      await client.put(`/api/bookings/${sold.body().id}/status-update`).bearerToken(admin).json({ status: 'sold' })
    ).assertStatus(200)
    const lots = recording.heard.filter((message) => message.channel === 'lots')
    assert.deepEqual(lots, [
      {
        channel: 'lots',
        payload: lotMessage(world.lot, {
          status: 'sold',
          previous: 'booked',
          cause: 'booking',
          at: lots[0]?.payload.at,
        }),
      },
    ])

    const held = await createLot(world.development)
    const id = await memberRequest(client, { ...world, lot: held })
    recording.heard.length = 0
    const expired = await new ExpireHolds().handle(7, DateTime.utc().plus({ days: 8 }))
    assert.deepEqual(
      expired.map((hold) => hold.bookingId),
      [id]
    )
    const heard = byChannel(recording.heard)
    assert.deepEqual(
      heard.map((message) => [message.channel, message.payload.action ?? message.payload.cause]),
      [
        ['admin/bookings', 'expire'],
        [`agencies/${world.agencyA.id}/bookings`, 'expire'],
        ['lots', 'expiry'],
        [`users/${world.memberA.id}/bookings`, 'expire'],
      ]
    )
    assert.deepEqual(
      heard[2].payload,
      lotMessage(held, { status: 'available', previous: 'reserved', cause: 'expiry', at: heard[0].payload.at })
    )
  })

  test('a refused request, a lost race and a decision already taken broadcast nothing', async ({ client, assert }) => {
    const world = await setup()
    const refused = await requestBooking(client, await bearerFor(client, world.plainUser), world.lot.id)
    refused.assertStatus(403)
    assert.deepEqual(recording.heard, [])

    const id = await memberRequest(client, world)
    recording.heard.length = 0
    const lost = await requestBooking(client, await bearerFor(client, world.memberB), world.lot.id)
    lost.assertStatus(409)

    const agent = await bearerFor(client, world.agentA)
    const respond = () => client.put(`/api/bookings/${id}/agent-response`).bearerToken(agent).json({ action: 'reject' })
    ;(await respond()).assertStatus(200)
    recording.heard.length = 0
    ;(await respond()).assertStatus(409)
    ;(
      await client
        .put(`/api/bookings/${id}/agent-response`)
        .bearerToken(await bearerFor(client, world.agentB))
        .json({ action: 'approve' })
    ).assertStatus(403)
    assert.deepEqual(recording.heard, [])
  })

  test("a super admin's lot edit: its new status on `lots`; an edit that keeps it, or is refused, says nothing", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const admin = await bearerFor(client, world.superAdmin)
    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ status: 'locked' })).assertStatus(200)
    const at = recording.heard[0]?.payload.at
    assert.match(String(at), ISO_UTC)
    assert.deepEqual(recording.heard, [
      {
        channel: 'lots',
        payload: lotMessage(world.lot, { status: 'locked', previous: 'available', cause: 'admin', at }),
      },
    ])

    recording.heard.length = 0
    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ price: 500_000 })).assertStatus(200)
    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ status: 'locked' })).assertStatus(200)
    const held = await createLot(world.development)
    await memberRequest(client, { ...world, lot: held })
    recording.heard.length = 0
    ;(await client.put(`/api/lots/${held.id}`).bearerToken(admin).json({ status: 'available' })).assertStatus(409)
    ;(
      await client
        .put(`/api/lots/${world.lot.id}`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ status: 'sold' })
    ).assertStatus(403)
    assert.deepEqual(recording.heard, [])
  })

  test("a lot taken off sale and put back, by an edit or the CSV's Released column: `released` on `lots`", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const admin = await bearerFor(client, world.superAdmin)
    const release = (released: boolean, at: unknown) => ({
      channel: 'lots',
      payload: {
        ...lotMessage(world.lot, { status: 'available', previous: 'available', cause: 'release', at }),
        released,
      },
    })

    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ released: false })).assertStatus(200)
    assert.match(String(recording.heard[0]?.payload.at), ISO_UTC)
    assert.deepEqual(recording.heard, [release(false, recording.heard[0]?.payload.at)])

    // An edit that leaves `released` alone, or sets what it already is, says nothing new.
    recording.heard.length = 0
    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ price: 500_000 })).assertStatus(200)
    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ released: false })).assertStatus(200)
    assert.deepEqual(recording.heard, [])

    ;(await client.put(`/api/lots/${world.lot.id}`).bearerToken(admin).json({ released: true })).assertStatus(200)
    assert.deepEqual(recording.heard, [release(true, recording.heard[0]?.payload.at)])

    recording.heard.length = 0
    const csv = `Lot Number,Property ID,Released\n${world.lot.lotNumber},${world.development.id},no\n`
    ;(
      await client.post('/api/lots/import').bearerToken(admin).file('file', Buffer.from(csv), { filename: 'lots.csv' })
    ).assertStatus(200)
    assert.deepEqual(recording.heard, [release(false, recording.heard[0]?.payload.at)])
  })

  test('a lot reserved for Bumiputera buyers, or freed by its recorded release: `bumiputeraReserved` on `lots`', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const admin = await bearerFor(client, world.superAdmin)
    const reservation = (reserved: boolean, at: unknown) => ({
      channel: 'lots',
      payload: {
        ...lotMessage(world.lot, { status: 'available', previous: 'available', cause: 'admin', at }),
        bumiputeraReserved: reserved,
      },
    })
    const quota = (body: Record<string, unknown>) =>
      client
        .put(`/api/lots/${world.lot.id}/bumiputera`)
        .bearerToken(admin)
        .json({ releasedAt: null, releaseAuthority: null, releaseReference: null, ...body })

    ;(await quota({ isBumiputeraLot: true })).assertStatus(200)
    assert.match(String(recording.heard[0]?.payload.at), ISO_UTC)
    assert.deepEqual(recording.heard, [reservation(true, recording.heard[0]?.payload.at)])

    // Saved again as it is: nothing new to tell.
    recording.heard.length = 0
    ;(await quota({ isBumiputeraLot: true })).assertStatus(200)
    assert.deepEqual(recording.heard, [])

    const released = {
      isBumiputeraLot: true,
      releasedAt: new Date(Date.now() - 86_400_000).toISOString(),
      releaseAuthority: 'Pejabat Tanah dan Galian Negeri Sembilan',
      releaseReference: 'PTG.NS/BUMI/2026/118',
    }
    ;(await quota(released)).assertStatus(200)
    assert.deepEqual(recording.heard, [reservation(false, recording.heard[0]?.payload.at)])

    // The CSV's quota columns go the same way.
    ;(await quota({ isBumiputeraLot: false })).assertStatus(200)
    recording.heard.length = 0
    const csv = `Lot Number,Property ID,Bumiputera Lot\n${world.lot.lotNumber},${world.development.id},yes\n`
    const imported = await client
      .post('/api/lots/import')
      .bearerToken(admin)
      .file('file', Buffer.from(csv), { filename: 'lots.csv' })
    imported.assertStatus(200)
    assert.deepEqual(recording.heard, [reservation(true, recording.heard[0]?.payload.at)])
  })

  test('a CSV import: each lot whose status it sets, after the commit; a refused file says nothing', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const admin = await bearerFor(client, world.superAdmin)
    const other = await createLot(world.development)
    const header = 'lotNumber,propertyId,unitNumber,type,status,price'
    const csv = [
      header,
      `${world.lot.lotNumber},${world.development.id},${world.lot.unitNumber},INTERMEDIATE (B),sold,468000`,
      `${other.lotNumber},${world.development.id},${other.unitNumber},INTERMEDIATE (B),available,999000`,
      `9901,${world.development.id},MKS-9901,INTERMEDIATE (B),reserved,470000`,
    ].join('\n')
    const imported = await client
      .post('/api/lots/import')
      .bearerToken(admin)
      .file('file', Buffer.from(csv), { filename: 'lots.csv' })
    imported.assertStatus(200)
    const created = await Lot.query().where('lot_number', '9901').firstOrFail()
    const heard = recording.heard
    assert.deepEqual(heard, [
      {
        channel: 'lots',
        payload: lotMessage(world.lot, {
          status: 'sold',
          previous: 'available',
          cause: 'import',
          at: heard[0]?.payload.at,
        }),
      },
      {
        channel: 'lots',
        payload: lotMessage(created, { status: 'reserved', previous: null, cause: 'import', at: heard[1]?.payload.at }),
      },
    ])

    recording.heard.length = 0
    const refused = await client
      .post('/api/lots/import')
      .bearerToken(admin)
      .file(
        'file',
        Buffer.from(
          [header, `${other.lotNumber},${world.development.id},,INTERMEDIATE (B),sold,1`, '9902,,,Office,nope,1'].join(
            '\n'
          )
        ),
        {
          filename: 'lots.csv',
        }
      )
    refused.assertStatus(422)
    assert.equal((await Lot.findOrFail(other.id)).status, 'available')
    assert.deepEqual(recording.heard, [])
  })

  test('a real stream hears its channels as the browser would', async ({ client, assert }) => {
    const world = await setup()
    const stream = await openStream()
    try {
      const bearer = await bearerFor(client, world.memberA)
      for (const channel of ['lots', `users/${world.memberA.id}/bookings`]) {
        ;(
          await client
            .post('/__transmit/subscribe')
            .bearerToken(bearer)
            .header('cookie', stream.ownerCookie)
            .json({ uid: stream.uid, channel })
        ).assertStatus(204)
      }
      const id = await memberRequest(client, world)
      const heard = byChannel(await stream.waitFor(2))
      await new Promise((resolve) => setTimeout(resolve, 100))
      assert.lengthOf(stream.messages, 2)
      const at = heard[0].payload.at
      assert.deepEqual(heard, [
        {
          channel: 'lots',
          payload: lotMessage(world.lot, { status: 'reserved', previous: 'available', cause: 'booking', at }),
        },
        {
          channel: `users/${world.memberA.id}/bookings`,
          payload: {
            type: 'booking',
            bookingId: id,
            lotId: world.lot.id,
            action: 'request',
            from: null,
            to: 'pending_agent',
            at,
          },
        },
      ])
    } finally {
      await stream.close()
    }
  })
})

/**
 * No global transaction: "after the commit" must be visible from another connection, so the
 * writes really commit. Everything created here is removed afterwards.
 */
test.group('Live | a lot is announced once its change is committed', (group) => {
  const created = { users: [] as number[], developments: [] as number[] }
  group.each.teardown(async () => {
    await db.from('auth_access_tokens').whereIn('tokenable_id', created.users).delete()
    await db.from('users').whereIn('id', created.users).delete()
    await db.from('lots').whereIn('development_id', created.developments).delete()
    await db.from('developments').whereIn('id', created.developments).delete()
  })

  test("within the caller's transaction the change waits for its commit; a rollback announces nothing", async ({
    assert,
  }) => {
    const development = await createDevelopment()
    created.developments.push(development.id)
    const lot = await createLot(development)
    const heard: LotStatusChanged[] = []
    const listener = (change: LotStatusChanged) => void heard.push(change)
    emitter.on('lot:status_changed', listener)
    const transactions: TransactionClientContract[] = []
    try {
      const committed = await db.transaction()
      transactions.push(committed)
      await new UpdateLot().handle(lot, { status: 'locked' }, { client: committed, cause: 'import' })
      await new CreateLot().handle(
        { lotNumber: 'LIVE-1', type: 'Office', status: 'available', propertyId: development.id },
        { client: committed, cause: 'import' }
      )
      assert.deepEqual(heard, [])
      await committed.commit()
      assert.deepEqual(
        heard.map((change) => [change.lotNumber, change.previous, change.status, change.cause]),
        [
          [lot.lotNumber, 'available', 'locked', 'import'],
          ['LIVE-1', null, 'available', 'import'],
        ]
      )

      const rolledBack = await db.transaction()
      transactions.push(rolledBack)
      await new UpdateLot().handle(lot, { status: 'sold' }, { client: rolledBack })
      await rolledBack.rollback()
      assert.lengthOf(heard, 2)
    } finally {
      emitter.off('lot:status_changed', listener)
      for (const trx of transactions) if (!trx.isCompleted) await trx.rollback()
    }
  })

  test('an admin edit and an import: what is heard is already what any reader sees', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    created.users.push(superAdmin.id)
    created.developments.push(development.id)
    const lot = await createLot(development)
    const admin = await bearerFor(client, superAdmin)

    const seen: Array<Promise<[unknown, unknown]>> = []
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if (channel !== 'lots') return
      const { lotId, status } = payload as { lotId: number; status: string }
      // Read on a fresh pooled connection: it sees only committed rows.
      seen.push(
        db
          .from('lots')
          .where('id', lotId)
          .select('status')
          .first()
          .then((row) => [status, row?.status])
      )
    })
    try {
      ;(await client.put(`/api/lots/${lot.id}`).bearerToken(admin).json({ status: 'locked' })).assertStatus(200)
      const csv = ['lotNumber,propertyId,type,status', `${lot.lotNumber},${development.id},INTERMEDIATE (B),sold`]
      ;(
        await client
          .post('/api/lots/import')
          .bearerToken(admin)
          .file('file', Buffer.from(csv.join('\n')), { filename: 'lots.csv' })
      ).assertStatus(200)
    } finally {
      stop()
    }
    assert.deepEqual(await Promise.all(seen), [
      ['locked', 'locked'],
      ['sold', 'sold'],
    ])
  })
})
