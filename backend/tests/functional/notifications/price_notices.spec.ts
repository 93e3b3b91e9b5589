import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PriceListVersion from '#inventory/models/price_list_version'
import { waitlistOfferNotices } from '#notifications/listeners/waitlist_notices'
import { bearerFor } from '#tests/helpers/identity'
import { inDatabaseQueue, queuedMailTo } from '#tests/helpers/queue'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { deliverOutboxNow } from '#tests/helpers/outbox'
import { packageAt } from '#tests/helpers/packages'

/** The prices a notice quotes: a booking's locked price, discount and net price; an offer's price in force. */

test.group('Notifications | prices', (group) => {
  group.each.setup(inDatabaseQueue)

  test('a booking email quotes the price it was made at, the discount and the net price', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ name: 'Aero Industrial Hub' })
    const lot = await createLot(development, { unitNumber: 'MKS-08', lotNumber: '4108', price: 468000 })
    await packageAt(development, { name: 'Early bird 5%', percentBp: 500 })
    const response = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
    response.assertStatus(201)
    const id = response.body().id
    // The lot's own price changes after the request: the email still quotes the locked one.
    await lot.merge({ price: 999000 }).save()
    ;(
      await client
        .put(`/api/bookings/${id}/agent-response`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ action: 'approve', agentNotes: 'Client verified' })
    ).assertStatus(200)
    await deliverOutboxNow()
    const emails = await queuedMailTo(world.memberA.email)
    assert.lengthOf(emails, 1)
    for (const part of [emails[0].html, emails[0].text]) {
      assert.include(part, 'RM 468,000')
      assert.include(part, 'Discount')
      assert.include(part, '- RM 23,400')
      assert.include(part, 'Net price')
      assert.include(part, 'RM 444,600')
      assert.notInclude(part, '999,000')
    }
  })

  test('a booking without a discount shows the price alone', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ name: 'Aero Industrial Hub' })
    const lot = await createLot(development, { price: 350000 })
    const response = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
    response.assertStatus(201)
    ;(
      await client
        .put(`/api/bookings/${response.body().id}/agent-response`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ action: 'approve', agentNotes: 'ok' })
    ).assertStatus(200)
    await deliverOutboxNow()
    const emails = await queuedMailTo(world.memberA.email)
    assert.lengthOf(emails, 1)
    assert.include(emails[0].text, 'RM 350,000')
    assert.notInclude(emails[0].text, 'Net price')
  })

  test("a waitlist offer quotes the price list's price in force, not the lot's own", async ({ assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development, { price: 400000 })
    const version = await PriceListVersion.create({
      developmentId: development.id,
      label: 'Launch list',
      effectiveAt: DateTime.utc().minus({ hours: 1 }).startOf('second'),
      publishedById: null,
      entryCount: 1,
    })
    await db.table('price_list_entries').insert({ version_id: version.id, lot_id: lot.id, price_sen: 41250050 })
    // A later version not yet in force changes nothing.
    const later = await PriceListVersion.create({
      developmentId: development.id,
      label: 'Next list',
      effectiveAt: DateTime.utc().plus({ days: 1 }).startOf('second'),
      publishedById: null,
      entryCount: 1,
    })
    await db.table('price_list_entries').insert({ version_id: later.id, lot_id: lot.id, price_sen: 50000000 })

    const offerExpiresAt = DateTime.utc().plus({ minutes: 15 }).toISO()!
    const [notice] = await waitlistOfferNotices({
      offers: [{ lotId: lot.id, userId: world.memberA.id, offerExpiresAt }],
    })
    assert.deepInclude(notice.summary, ['Price', 'RM 412,500.50'])
    assert.notDeepInclude(notice.summary, ['Price', 'RM 400,000'])
  })

  test("a waitlist offer for a lot no price list names quotes the lot's own price", async ({ assert }) => {
    const world = await bookingWorld()
    const lot = await createLot(await createDevelopment(), { price: 380000 })
    const [notice] = await waitlistOfferNotices({
      offers: [
        { lotId: lot.id, userId: world.memberA.id, offerExpiresAt: DateTime.utc().plus({ minutes: 15 }).toISO()! },
      ],
    })
    assert.deepInclude(notice.summary, ['Price', 'RM 380,000'])
  })
})
