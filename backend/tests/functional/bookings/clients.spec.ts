import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Assert } from '@japa/assert'
import { CLIENT_MUST_BE_USER, CLIENT_OF_ANOTHER_AGENCY, User } from '#identity'
import { Booking } from '#bookings'
import { Lot } from '#inventory'
import { AppError } from '#core/errors'
import { takeConsent } from '#documents/consent'
import CreateBookingForClient from '#bookings/actions/create_booking_for_client'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development, { typeCode: 'A', type: 'CORNER (A)' })
  // Turned down by agency A: an applicant no more, so a user without an agency.
  const rejectedByA = await createUser({ agencyId: world.agencyA.id, agencyStatus: 'rejected' })
  const pendingB = await createUser({ agencyId: world.agencyB.id, agencyStatus: 'pending' })
  return { ...world, development, lot, rejectedByA, pendingB }
}

type World = Awaited<ReturnType<typeof setup>>
type Client = Exclude<keyof World, 'agencyA' | 'agencyB' | 'development' | 'lot'>

async function nothingBooked(assert: Assert, lot: Lot) {
  assert.equal((await Lot.findOrFail(lot.id)).status, 'available')
  assert.lengthOf(await Booking.query().where('lot_id', lot.id), 0)
}

test.group('Bookings | whom an agent admin books for', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('agent admin B books for {who}: 403 with the reason, nothing booked or stored')
    .with([
      { who: 'memberA', message: CLIENT_OF_ANOTHER_AGENCY },
      { who: 'otherMemberA', message: CLIENT_OF_ANOTHER_AGENCY },
      { who: 'pendingUser', message: CLIENT_OF_ANOTHER_AGENCY },
      { who: 'agentA', message: CLIENT_MUST_BE_USER },
      { who: 'superAdmin', message: CLIENT_MUST_BE_USER },
    ] satisfies Array<{ who: Client; message: string }>)
    .run(async ({ client, assert }, row) => {
      const world = await setup()
      const before = await storedFileCount()
      const response = await client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.agentB))
        .field('userId', String(world[row.who].id))
        .field('consent', 'true')
        .field('lotId', String(world.lot.id))
        .file('icFront', files.png, { filename: 'front.png' })
        .file('icBack', files.png, { filename: 'back.png' })
      response.assertStatus(403)
      response.assertBody({ message: row.message })
      await nothingBooked(assert, world.lot)
      assert.equal(await storedFileCount(), before)
    })

  test('agent admin B books for {$self}: 201, under agency B')
    .with(['memberB', 'pendingB', 'plainUser', 'rejectedByA'] satisfies Client[])
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const response = await client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.agentB))
        .json({ userId: world[who].id, lotId: world.lot.id, consent: true })
      response.assertStatus(201)
      assert.containSubset(response.body(), {
        status: 'pending_admin',
        userId: world[who].id,
        agencyId: world.agencyB.id,
      })
    })

  test("the agent booking form naming another agency's member: 403, nothing booked or stored", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const before = await storedFileCount()
    const bearerB = await bearerFor(client, world.agentB)
    const book = (userId: number) =>
      client
        .post('/api/bookings/property')
        .bearerToken(bearerB)
        .field('propertyId', `type-a-${world.lot.lotNumber}`)
        .field('consent', 'true')
        .field('userId', String(userId))
        .file('icFront', files.png, { filename: 'front.png' })
        .file('icBack', files.png, { filename: 'back.png' })

    const refused = await book(world.memberA.id)
    refused.assertStatus(403)
    refused.assertBody({ message: CLIENT_OF_ANOTHER_AGENCY })
    await nothingBooked(assert, world.lot)
    assert.equal(await storedFileCount(), before)

    const allowed = await book(world.memberB.id)
    allowed.assertStatus(201)
    assert.containSubset(allowed.body(), {
      userId: world.memberB.id,
      agencyId: world.agencyB.id,
      status: 'pending_admin',
    })
  })

  test('the client is read again under the lock: a membership decided meanwhile is seen', async ({ assert }) => {
    const world = await setup()
    // The in-memory client is stale: agency A approved them after it was read.
    const stale = await User.findOrFail(world.plainUser.id)
    await User.query().where('id', stale.id).update({ agency_id: world.agencyA.id, agency_status: 'approved' })
    assert.isNull(stale.agencyId)
    const refusal = await new CreateBookingForClient()
      .handle(
        world.agentB,
        { clientId: stale.id, lotId: world.lot.id, kind: 'lot', notes: null, consent: await takeConsent() },
        { store: (_uploadedById, work) => work(async () => {}) }
      )
      .then(
        () => null,
        (error: unknown) => error
      )
    assert.instanceOf(refusal, AppError)
    assert.equal((refusal as AppError).status, 403)
    assert.equal((refusal as AppError).message, CLIENT_OF_ANOTHER_AGENCY)
    await nothingBooked(assert, world.lot)
  })
})
