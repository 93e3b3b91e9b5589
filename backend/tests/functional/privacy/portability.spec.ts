import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { Booking } from '#bookings'
import { BookingFee } from '#fees'
import { Notification } from '#notifications'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { readZip } from '#tests/helpers/zip'
import { validateAgainst } from './json_schema.js'

function exportOf(client: ApiClient, token: string) {
  const request = client.get('/api/me/personal-data').bearerToken(token)
  request.request.parse((response, done) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => done(null, Buffer.concat(chunks)))
  })
  return request
}

test.group('Privacy | portability: a machine-readable export with its schema', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the ZIP carries personal-data.schema.json, and data.json (profile, bookings, documents, fees, consents) matches it', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const member = world.memberA
    const lot = await createLot(await createDevelopment())
    const consentedAt = DateTime.utc().minus({ days: 2 }).startOf('second')
    const booking = await Booking.create({
      lotId: lot.id,
      activeLotId: lot.id,
      userId: member.id,
      createdById: member.id,
      createdBy: 'user',
      agencyId: world.agencyA.id,
      status: 'pending_agent',
      creatorName: member.name,
      creatorEmail: member.email,
      contactPhone: '+60123456789',
      consentNoticeVersion: 3,
      consentedAt,
    })
    await BookingFee.create({
      bookingId: booking.id,
      agencyId: world.agencyA.id,
      amount: 5000,
      method: 'cheque',
      reference: 'CHQ 000123',
      status: 'received',
      receivedOn: DateTime.utc().startOf('day'),
      reportedOn: DateTime.utc().startOf('day'),
    })
    const token = await bearerFor(client, member)
    ;(
      await client
        .post('/api/uploads/document')
        .bearerToken(token)
        .field('bookingId', String(booking.id))
        .field('documentType', 'ic_front')
        .file('document', files.png, { filename: 'ic.png' })
    ).assertStatus(201)
    await Notification.create({ userId: member.id, kind: 'booking_status', title: 'Booking received', body: 'B' })

    const response = await exportOf(client, token)
    response.assertStatus(200)
    const zipFiles = readZip(response.body() as Buffer)
    assert.isTrue(zipFiles.has('personal-data.schema.json'))
    const schema = JSON.parse(zipFiles.get('personal-data.schema.json')!.toString())
    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema')
    assert.equal(data.$schema, 'personal-data.schema.json')
    assert.equal(data.schemaVersion, 3)

    assert.deepEqual(validateAgainst(schema, data), [])

    assert.equal(data.profile.email, member.email)
    assert.deepEqual(data.consents, [{ bookingId: booking.id, noticeVersion: 3, consentedAt: consentedAt.toISO() }])
    assert.containSubset(data.bookings[0], {
      id: booking.id,
      fee: { amount: 5000, method: 'cheque', reference: 'CHQ 000123', status: 'received' },
      documents: [{ documentType: 'ic_front', originalName: 'ic.png', mimeType: 'image/png' }],
    })
    // The schema is strict: a field it does not describe, or a wrong type, is reported.
    const drifted = structuredClone(data)
    drifted.bookings[0].fee.amount = 'RM 5,000'
    drifted.profile.favouriteColour = 'blue'
    assert.sameMembers(validateAgainst(schema, drifted), [
      '$.bookings[0].fee: matches 0 of oneOf',
      '$.profile.favouriteColour: not in the schema',
    ])
  })

  test('a person with nothing but an account gets the same shape: empty lists, and the schema', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const zipFiles = readZip((await exportOf(client, await bearerFor(client, world.plainUser))).body() as Buffer)
    const schema = JSON.parse(zipFiles.get('personal-data.schema.json')!.toString())
    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.deepEqual(validateAgainst(schema, data), [])
    assert.deepEqual(data.consents, [])
    assert.deepEqual(data.bookings, [])
  })
})
