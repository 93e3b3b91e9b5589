import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, storedFileCount } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development)
  return { ...world, development, lot }
}

test.group('Bookings | request', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an approved member requests an available lot: pending_agent, the lot leaves available', async ({
    client,
    assert,
  }) => {
    const { memberA, agencyA, lot } = await setup()
    const response = await requestBooking(client, await bearerFor(client, memberA), lot.id)
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      message: 'Booking request submitted successfully!',
      status: 'pending_agent',
      lotId: lot.id,
      agencyId: agencyA.id,
      creatorName: 'Daniel Tan',
      creatorEmail: 'daniel@example.my',
      contactPhone: '0123456789',
      requestMessage: 'Corner please',
      createdBy: 'user',
    })
    assert.equal(response.body()._id, response.body().id)
    assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    const history = await db.from('booking_status_history').where('booking_id', response.body().id)
    assert.lengthOf(history, 1)
    assert.containSubset(history[0], { from_status: null, to_status: 'pending_agent', changed_by_id: memberA.id })
  })

  test('a member may attach both IC images; one side alone is refused', async ({ client, assert }) => {
    const { memberA, lot } = await setup()
    const token = await bearerFor(client, memberA)
    const oneSide = await requestBooking(client, token, lot.id, { icFront: 'png' })
    oneSide.assertStatus(422)
    oneSide.assertBodyContains({ message: 'Both IC front and back are required if uploading IC' })
    assert.equal((await Lot.findOrFail(lot.id)).status, 'available')

    const both = await requestBooking(client, token, lot.id, { icFront: 'png', icBack: 'jpeg', cheque: 'pdf' })
    both.assertStatus(201)
    assert.lengthOf(both.body().documents, 3)
    assert.match(both.body().icFrontUrl, /^\/api\/uploads\/documents\/\d+\/\d+$/)
  })

  test('an agent admin request starts as pending_admin and needs cheque and both IC sides', async ({
    client,
    assert,
  }) => {
    const { agentA, lot } = await setup()
    const token = await bearerFor(client, agentA)
    const none = await requestBooking(client, token, lot.id)
    none.assertStatus(422)
    assert.deepEqual(none.body().errors, [
      { field: 'cheque', message: 'Payment cheque document is required' },
      { field: 'icFront', message: 'IC front image is required' },
      { field: 'icBack', message: 'IC back image is required' },
    ])
    const nameless = await requestBooking(client, token, lot.id, {}, { name: '' })
    nameless.assertBodyContains({ errors: [{ field: 'name', message: 'Agent name is required' }] })

    const complete = await requestBooking(client, token, lot.id, { cheque: 'pdf', icFront: 'png', icBack: 'png' })
    complete.assertStatus(201)
    assert.equal(complete.body().status, 'pending_admin')
    assert.equal(complete.body().agentAdmin, agentA.id)
  })

  test('the form rules and messages of the booking request form', async ({ client, assert }) => {
    const { memberA, lot } = await setup()
    const token = await bearerFor(client, memberA)
    const empty = await requestBooking(client, token, lot.id, {}, { name: '', email: '', phone: '', lotId: '' })
    empty.assertStatus(422)
    assert.includeDeepMembers(empty.body().errors, [
      { field: 'lotId', message: 'Lot information is required for booking' },
      { field: 'name', message: 'Full name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'phone', message: 'Phone number is required' },
    ])
    const badEmail = await requestBooking(client, token, lot.id, {}, { email: 'not-an-address' })
    badEmail.assertBodyContains({ errors: [{ field: 'email', message: 'Please enter a valid email address' }] })
    assert.equal(
      await Booking.query()
        .count('* as total')
        .then((rows) => Number(rows[0].$extras.total)),
      0
    )
  })

  test('{$self} cannot request bookings')
    .with(['plainUser', 'pendingUser', 'superAdmin', 'admin'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const response = await requestBooking(client, await bearerFor(client, world[who]), world.lot.id)
      response.assertStatus(403)
      if (who === 'plainUser' || who === 'pendingUser') {
        response.assertBody({ message: 'You must be an approved agency member to request bookings' })
      }
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'available')
    })

  test('anonymous requests are 401', async ({ client }) => {
    const { lot } = await setup()
    const response = await client.post('/api/bookings/request').json({ lotId: lot.id })
    response.assertStatus(401)
  })

  test('a lot that is not available is a 409', async ({ client, assert }) => {
    const { memberA, development } = await setup()
    for (const status of ['reserved', 'booked', 'sold', 'locked', 'pending'] as const) {
      const lot = await createLot(development, { status })
      const response = await requestBooking(client, await bearerFor(client, memberA), lot.id)
      response.assertStatus(409)
      response.assertBody({ message: 'This lot is no longer available. Please choose another lot.' })
    }
    assert.equal(await storedFileCount(), await storedFileCount())
  })

  test('a second request for the same lot is a 409 and leaves the first alone', async ({ client, assert }) => {
    const { memberA, otherMemberA, lot } = await setup()
    ;(await requestBooking(client, await bearerFor(client, memberA), lot.id)).assertStatus(201)
    const second = await requestBooking(client, await bearerFor(client, otherMemberA), lot.id)
    second.assertStatus(409)
    const bookings = await Booking.query().where('lot_id', lot.id)
    assert.lengthOf(bookings, 1)
    assert.equal(bookings[0].createdById, memberA.id)
  })
})
