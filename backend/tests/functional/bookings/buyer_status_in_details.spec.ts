import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { packageAt } from '#tests/helpers/packages'

/** The booking details (and the fee section in them) carry the buyer's Bumiputera status beside the discount. */
test.group("Bookings | the buyer's Bumiputera status in the details", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('staff see the verified buyer\'s status with the Bumiputera discount; an undeclared buyer is "none"', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development, { price: 500_000 })
    const other = await createLot(development, { price: 500_000 })
    await packageAt(development, { name: 'Bumiputera discount 7%', percentBp: 700, eligibility: 'bumiputera' })
    await User.query().where('id', world.memberA.id).update({ bumiputera_status: 'verified' })

    const memberToken = await bearerFor(client, world.memberA)
    const verified = await requestBooking(client, memberToken, lot.id)
    verified.assertStatus(201)
    const plain = await requestBooking(client, await bearerFor(client, world.otherMemberA), other.id)
    plain.assertStatus(201)

    const admin = await bearerFor(client, world.superAdmin)
    const details = await client.get(`/api/bookings/${verified.body().id}`).bearerToken(admin)
    details.assertStatus(200)
    assert.containSubset(details.body(), {
      user: { id: world.memberA.id, bumiputeraStatus: 'verified' },
      discountSen: 3_500_000,
      netPriceSen: 46_500_000,
      packages: [{ name: 'Bumiputera discount 7%', discountSen: 3_500_000 }],
    })
    const plainDetails = await client.get(`/api/bookings/${plain.body().id}`).bearerToken(admin)
    assert.containSubset(plainDetails.body(), { user: { bumiputeraStatus: 'none' }, discountSen: 0 })

    // The agency's list carries it too.
    const listed = await client.get('/api/bookings/agent').bearerToken(await bearerFor(client, world.agentA))
    listed.assertStatus(200)
    const row = listed.body().find((booking: { id: number }) => booking.id === verified.body().id)
    assert.equal(row.user.bumiputeraStatus, 'verified')
  })
})
