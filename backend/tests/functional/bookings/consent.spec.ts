import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import PrivacyNotice from '#documents/models/privacy_notice'
import { currentPrivacyNotice } from '#documents/consent'
import { CONSENT_REQUIRED, NOTICE_CHANGED } from '#bookings/validators/consent'
import { NOTICE_EDIT_FORBIDDEN } from '#documents/policies/privacy_notice_policy'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development, { typeCode: 'B' })
  return { ...world, development, lot }
}

type World = Awaited<ReturnType<typeof setup>>

async function currentVersion() {
  return (await currentPrivacyNotice()).version
}

/**
 * Every way of creating a booking, with `consent` fields of one's choosing (none: the box left
 * unticked): the member's request, the agent admin's booking for a client, the lot page's form.
 */
const PATHS = {
  'member request': (client: ApiClient, token: string, world: World, consent: Record<string, string>) =>
    requestBooking(client, token, world.lot.id, {}, { consent: '', ...consent }),
  'agent for a client': (client: ApiClient, token: string, world: World, consent: Record<string, string>) => {
    const request = client
      .post('/api/bookings')
      .bearerToken(token)
      .field('userId', String(world.plainUser.id))
      .field('lotId', String(world.lot.id))
    for (const [name, value] of Object.entries(consent)) request.field(name, value)
    return request
  },
  'agent on the lot page': (client: ApiClient, token: string, world: World, consent: Record<string, string>) => {
    const request = client
      .post('/api/bookings/property')
      .bearerToken(token)
      .field('propertyId', `type-b-${world.lot.lotNumber}`)
    for (const [name, value] of Object.entries(consent)) request.field(name, value)
    return request.file('icFront', files.png, { filename: 'front.png' }).file('icBack', files.png, {
      filename: 'back.png',
    })
  },
}
type Path = keyof typeof PATHS
const WHO: Record<Path, 'memberA' | 'agentA'> = {
  'member request': 'memberA',
  'agent for a client': 'agentA',
  'agent on the lot page': 'agentA',
}
const PATH_NAMES = Object.keys(PATHS) as Path[]

test.group('Bookings | consent to the privacy notice', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}: refused without consent (422, field consent), nothing booked or stored')
    .with(PATH_NAMES)
    .run(async ({ client, assert }, path) => {
      const world = await setup()
      const token = await bearerFor(client, world[WHO[path]])
      const before = await storedFileCount()
      for (const consent of [{}, { consent: 'false' }, { consent: 'no' }] as Array<Record<string, string>>) {
        const response = await PATHS[path](client, token, world, consent)
        response.assertStatus(422)
        assert.equal(response.body().message, CONSENT_REQUIRED, JSON.stringify(consent))
        assert.deepInclude(response.body().errors, { field: 'consent', message: CONSENT_REQUIRED })
      }
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'available')
      assert.lengthOf(await Booking.query().where('lot_id', world.lot.id), 0)
      assert.equal(await storedFileCount(), before)
    })

  test('{$self}: with consent the booking stores the notice version and the time of consent')
    .with(PATH_NAMES)
    .run(async ({ client, assert }, path) => {
      const world = await setup()
      const token = await bearerFor(client, world[WHO[path]])
      const version = await currentVersion()
      const before = DateTime.utc().minus({ seconds: 2 })
      const response = await PATHS[path](client, token, world, { consent: 'on', noticeVersion: String(version) })
      response.assertStatus(201)
      assert.equal(response.body().consentNoticeVersion, version)
      const booking = await Booking.findOrFail(response.body().id)
      assert.equal(booking.consentNoticeVersion, version)
      assert.isTrue(booking.consentedAt! >= before && booking.consentedAt! <= DateTime.utc().plus({ seconds: 2 }))
    })

  test('{$self}: a form that showed an older version is refused; a new version applies to new bookings only')
    .with(PATH_NAMES)
    .run(async ({ client, assert }, path) => {
      const world = await setup()
      const token = await bearerFor(client, world[WHO[path]])
      const first = await currentVersion()
      const earlier = await requestBooking(
        client,
        await bearerFor(client, world.otherMemberA),
        (await createLot(world.development)).id
      )
      earlier.assertStatus(201)

      const published = await client
        .put('/api/privacy-notice')
        .bearerToken(await bearerFor(client, world.superAdmin))
        .json({ body: 'Version two of the notice: what the documents are for, who sees them, how long.' })
      published.assertStatus(200)
      assert.equal(published.body().version, first + 1)

      const stale = await PATHS[path](client, token, world, { consent: 'true', noticeVersion: String(first) })
      stale.assertStatus(422)
      stale.assertBody({ message: NOTICE_CHANGED, errors: [{ field: 'consent', message: NOTICE_CHANGED }] })

      const fresh = await PATHS[path](client, token, world, { consent: 'true', noticeVersion: String(first + 1) })
      fresh.assertStatus(201)
      assert.equal((await Booking.findOrFail(fresh.body().id)).consentNoticeVersion, first + 1)
      assert.equal(
        (await Booking.findOrFail(earlier.body().id)).consentNoticeVersion,
        first,
        'old bookings keep theirs'
      )
    })
})

test.group('Bookings | the privacy notice', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/privacy-notice is public: the current version, and it sets no cookie', async ({ client, assert }) => {
    const response = await client.get('/api/privacy-notice')
    response.assertStatus(200)
    assert.equal(response.body().version, await currentVersion())
    assert.match(response.body().body, /verify the buyer’s identity and the payment/)
    assert.match(response.body().body, /deleted 90 days after it ended/)
    assert.match(response.body().body, /kept for 7 years after the sale/)
    assert.isUndefined(response.headers()['set-cookie'])
  })

  test('a super admin publishes a new version; the text is validated', async ({ client, assert }) => {
    const world = await setup()
    for (const who of ['superAdmin', 'admin'] as const) {
      const before = await currentVersion()
      const token = await bearerFor(client, world[who])
      const response = await client
        .put('/api/privacy-notice')
        .bearerToken(token)
        .json({ body: `Notice by ${who}: documents verify the buyer and the payment.` })
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: `Privacy notice version ${before + 1} published`,
        version: before + 1,
      })
      const current = await client.get('/api/privacy-notice')
      assert.equal(current.body().version, before + 1)
      assert.match(current.body().body, new RegExp(`Notice by ${who}`))
      const row = await PrivacyNotice.findByOrFail('version', before + 1)
      assert.equal(row.createdById, world[who].id)
      // Version 1 is the built-in text; every later one stays as a row.
      if (before > 1) assert.isNotNull(await PrivacyNotice.findBy('version', before), 'the older version stays')
    }
    const empty = await client
      .put('/api/privacy-notice')
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ body: '  ' })
    empty.assertStatus(422)
    assert.equal(empty.body().errors[0].field, 'body')
  })

  test('{$self} may not edit the notice (403); anonymous: 401')
    .with(['memberA', 'agentA', 'plainUser', 'pendingUser'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const before = await currentVersion()
      const response = await client
        .put('/api/privacy-notice')
        .bearerToken(await bearerFor(client, world[who]))
        .json({ body: 'An attempt to rewrite the privacy notice by someone else.' })
      response.assertStatus(403)
      response.assertBody({ message: NOTICE_EDIT_FORBIDDEN })
      ;(await client.put('/api/privacy-notice').json({ body: 'Anonymous attempt at the notice text.' })).assertStatus(
        401
      )
      assert.equal(await currentVersion(), before)
    })
})
