import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import { User } from '#identity'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/**
 * No global transaction here: the requests must really race on separate connections and
 * commit. Everything the test creates is removed afterwards.
 */
test.group('Bookings | no double booking under concurrency', () => {
  test('50 parallel requests for one lot: exactly one winner, 49 conflicts, no 5xx', async ({ client, assert }) => {
    const agency = await createAgency()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const members = await Promise.all(
      Array.from({ length: 50 }, () => createUser({ agencyId: agency.id, agencyStatus: 'approved' }))
    )
    const tokens = await Promise.all(members.map((member) => bearerFor(client, member)))

    try {
      const responses = await Promise.all(tokens.map((token) => requestBooking(client, token, lot.id)))
      const statuses = responses.map((response) => response.status())
      assert.equal(statuses.filter((status) => status === 201).length, 1)
      assert.equal(statuses.filter((status) => status === 409).length, 49)
      assert.isFalse(statuses.some((status) => status >= 500))
      for (const response of responses.filter((r) => r.status() === 409)) {
        assert.equal(response.body().message, 'This lot is no longer available. Please choose another lot.')
      }

      const bookings = await Booking.query().where('lot_id', lot.id)
      assert.lengthOf(bookings, 1)
      assert.equal(bookings[0].activeLotId, lot.id)
      assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    } finally {
      const bookingIds = (await Booking.query().where('lot_id', lot.id)).map((b) => b.id)
      await db.from('booking_status_history').whereIn('booking_id', bookingIds).delete()
      await db.from('bookings').whereIn('id', bookingIds).delete()
      await db
        .from('auth_access_tokens')
        .whereIn(
          'tokenable_id',
          members.map((m) => m.id)
        )
        .delete()
      await User.query()
        .whereIn(
          'id',
          members.map((m) => m.id)
        )
        .delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await db.from('agencies').where('id', agency.id).delete()
    }
  }).timeout(60_000)
})
