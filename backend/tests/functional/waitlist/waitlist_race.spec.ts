import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Booking } from '#bookings'
import { Lot, LOT_NO_LONGER_AVAILABLE } from '#inventory'
import { User } from '#identity'
import { Notification } from '#notifications'
import { ExpireOffers, LotWaitlistEntry } from '#waitlist'
import { heldForWaitlistMessage } from '#waitlist/notices'
import { sqlDateTime } from '#core/dates'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { outboxDispatched } from '#tests/helpers/outbox'

/**
 * The priority window under the booking race: no global transaction here,
 * the requests really race on separate connections and commit, as on launch day. Everything
 * the test creates is removed afterwards.
 */
test.group('Waitlist | the priority window under a 50-way race', () => {
  test('only the first in line wins while their window runs; then the next; then anyone', async ({
    client,
    assert,
  }) => {
    const agency = await createAgency()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const member = () => createUser({ agencyId: agency.id, agencyStatus: 'approved' })
    const holder = await member()
    const first = await member()
    // 49 other approved members; the first two of them are second and third in line.
    const others = await Promise.all(Array.from({ length: 49 }, member))
    const [second, third] = others
    const people = [holder, first, ...others]
    const token = new Map(
      await Promise.all(people.map(async (person) => [person.id, await bearerFor(client, person)] as const))
    )
    const placeOf = async (person: User) =>
      LotWaitlistEntry.query().where('lot_id', lot.id).where('user_id', person.id).firstOrFail()
    const race = (racers: User[]) =>
      Promise.all(racers.map((racer) => requestBooking(client, token.get(racer.id)!, lot.id)))

    try {
      const held = await requestBooking(client, token.get(holder.id)!, lot.id)
      held.assertStatus(201)
      for (const person of [first, second, third]) {
        ;(await client.post(`/api/lots/${lot.id}/waitlist`).bearerToken(token.get(person.id)!)).assertStatus(201)
      }
      // The holder withdraws: the lot is free and offered to the first in line.
      ;(await client.delete(`/api/bookings/${held.body().id}`).bearerToken(token.get(holder.id)!)).assertStatus(200)
      const offer = await placeOf(first)
      assert.equal(offer.status, 'offered')
      const heldMessage = heldForWaitlistMessage(offer.offerExpiresAt!)

      // The 49 others all at once: every one is held off, nobody books.
      const shut = await race(others)
      assert.deepEqual(
        shut.map((response) => [response.status(), response.body().message]),
        others.map(() => [409, heldMessage])
      )
      assert.equal((await Lot.findOrFail(lot.id)).status, 'available')

      // The first in line and the 49 others all at once: exactly one booking, the first in line's.
      const responses = await race([first, ...others])
      const statuses = responses.map((response) => response.status())
      assert.equal(statuses.filter((status) => status === 201).length, 1)
      assert.equal(statuses.filter((status) => status === 409).length, 49)
      assert.isFalse(statuses.some((status) => status >= 500))
      assert.equal(responses[0].status(), 201, responses[0].text())
      for (const response of responses.slice(1)) {
        // Held for the first in line until they booked; taken after.
        assert.include([heldMessage, LOT_NO_LONGER_AVAILABLE], response.body().message)
      }
      const active = await Booking.query().where('lot_id', lot.id).whereNotNull('active_lot_id')
      assert.lengthOf(active, 1)
      assert.equal(active[0].userId, first.id)
      assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
      assert.equal((await placeOf(first)).status, 'fulfilled')

      // The first in line withdraws in turn: the second is offered it and told.
      ;(await client.delete(`/api/bookings/${active[0].id}`).bearerToken(token.get(first.id)!)).assertStatus(200)
      assert.equal((await placeOf(second)).status, 'offered')
      assert.lengthOf(await Notification.query().where('user_id', second.id).where('kind', 'waitlist_offer'), 1)

      // The second's window runs out: the hold clock's step passes the lot to the third.
      await db
        .from('lot_waitlist_entries')
        .where('lot_id', lot.id)
        .where('user_id', second.id)
        .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
      const passed = await new ExpireOffers().handle()
      assert.containSubset(passed, [{ lotId: lot.id, passedUserIds: [second.id], offeredTo: third.id }])
      assert.equal((await placeOf(second)).status, 'passed')
      assert.equal((await placeOf(third)).status, 'offered')
      // Called directly, not through the test client: the offer's delivery is waited for here.
      await outboxDispatched()
      assert.lengthOf(await Notification.query().where('user_id', third.id).where('kind', 'waitlist_offer'), 1)
      const thirdsTurn = await race(others.slice(0, 1).concat(others.slice(3)))
      assert.isTrue(thirdsTurn.every((response) => response.status() === 409))

      // The last one's window runs out too: nobody is left, the lot is open to everyone.
      await db
        .from('lot_waitlist_entries')
        .where('lot_id', lot.id)
        .where('user_id', third.id)
        .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
      assert.containSubset(await new ExpireOffers().handle(), [{ lotId: lot.id, offeredTo: null }])
      const open = await race(others.slice(3))
      const openStatuses = open.map((response) => response.status())
      assert.equal(openStatuses.filter((status) => status === 201).length, 1)
      assert.isTrue(
        open
          .filter((response) => response.status() === 409)
          .every((response) => response.body().message === LOT_NO_LONGER_AVAILABLE)
      )
    } finally {
      const ids = people.map((person) => person.id)
      const bookingIds = (await Booking.query().where('lot_id', lot.id)).map((booking) => booking.id)
      await db.from('lot_waitlist_entries').where('lot_id', lot.id).delete()
      await db.from('booking_status_history').whereIn('booking_id', bookingIds).delete()
      await db.from('bookings').whereIn('id', bookingIds).delete()
      await db.from('auth_access_tokens').whereIn('tokenable_id', ids).delete()
      await User.query().whereIn('id', ids).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await db.from('agencies').where('id', agency.id).delete()
    }
  }).timeout(180_000)
})
