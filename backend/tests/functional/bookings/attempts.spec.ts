import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { Booking } from '#bookings'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

const TOO_MANY = /^Too many booking attempts\. Please try again in \d+ seconds?\.$/

/** Each test gets its own client address, so the run's other booking attempts never count here. */
function address() {
  return `203.0.113.${Math.floor(Math.random() * 250) + 1}`
}

test.group('Bookings | launch protection: attempts per user and per address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const saved = ['BOOKING_ATTEMPTS_PER_USER', 'BOOKING_ATTEMPTS_PER_ADDRESS'].map((key) => [key, env.get(key)])
    return () => saved.forEach(([key, value]) => env.set(key as string, String(value)))
  })

  test('a user over the limit gets 429 with Retry-After and a message naming when; nothing is booked', async ({
    client,
    assert,
  }) => {
    env.set('BOOKING_ATTEMPTS_PER_USER', '2')
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lots = [await createLot(development), await createLot(development), await createLot(development)]
    const token = await bearerFor(client, world.memberA)
    const from = address()
    const send = (lotId: number) => requestBooking(client, token, lotId).header('X-Forwarded-For', from)
    ;(await send(lots[0].id)).assertStatus(201)
    ;(await send(lots[1].id)).assertStatus(201)
    const third = await send(lots[2].id)
    third.assertStatus(429)
    assert.match(third.body().message, TOO_MANY)
    assert.isAbove(Number(third.header('retry-after')), 0)
    assert.isNull(await Booking.query().where('lot_id', lots[2].id).first())
    // Another member is not held back by the first one's limit.
    ;(
      await requestBooking(client, await bearerFor(client, world.otherMemberA), lots[2].id).header(
        'X-Forwarded-For',
        from
      )
    ).assertStatus(201)
  })

  test('one address over its limit gets 429 whoever asks', async ({ client, assert }) => {
    env.set('BOOKING_ATTEMPTS_PER_ADDRESS', '2')
    const world = await bookingWorld()
    const development = await createDevelopment()
    const from = address()
    const members = [world.memberA, world.otherMemberA, world.memberB]
    const answers = []
    for (const member of members) {
      const lot = await createLot(development)
      answers.push(
        await requestBooking(client, await bearerFor(client, member), lot.id).header('X-Forwarded-For', from)
      )
    }
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [201, 201, 429]
    )
    assert.match(answers[2].body().message, TOO_MANY)
    // The same people from another address are fine.
    const lot = await createLot(development)
    ;(
      await requestBooking(client, await bearerFor(client, world.memberB), lot.id).header(
        'X-Forwarded-For',
        '198.51.100.7'
      )
    ).assertStatus(201)
  })
})
