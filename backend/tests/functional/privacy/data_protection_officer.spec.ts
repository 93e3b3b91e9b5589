import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { AuditEntry } from '#audit'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld } from '#tests/helpers/bookings'
import { recordedMails } from '#tests/helpers/mail'

const officer = {
  name: 'Data Protection Officer, Aero Development',
  email: 'dpo@aero-demo.my',
  phone: '+60 3 7890 1234',
}

test.group('Privacy | Data Protection Officer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anyone reads the contact without signing in; until a super admin sets it, it is not appointed', async ({
    client,
    assert,
  }) => {
    const none = await client.get('/api/data-protection-officer')
    none.assertStatus(200)
    assert.deepEqual(none.body(), {
      id: 1,
      _id: 1,
      appointed: false,
      name: null,
      email: null,
      phone: null,
      updatedAt: null,
    })
    assert.isUndefined(none.headers()['set-cookie'])

    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const saved = await client.put('/api/data-protection-officer/1').bearerToken(admin).json(officer)
    saved.assertStatus(200)
    assert.containSubset(saved.body(), {
      ...officer,
      appointed: true,
      message: "The Data Protection Officer's contact is saved.",
    })

    for (const path of ['/api/data-protection-officer', '/api/data-protection-officer/1']) {
      const read = await client.get(path)
      read.assertStatus(200)
      assert.containSubset(read.body(), { id: 1, appointed: true, ...officer })
    }
    ;(await client.get('/api/data-protection-officer/2')).assertStatus(404)
    ;(await client.put('/api/data-protection-officer/2').bearerToken(admin).json(officer)).assertStatus(404)

    const changed = await client
      .put('/api/data-protection-officer/1')
      .bearerToken(admin)
      .json({ ...officer, name: 'Puan Aishah Rahman' })
    changed.assertStatus(200)
    assert.equal((await client.get('/api/data-protection-officer')).body().name, 'Puan Aishah Rahman')
  })

  test('only super admins set it: 403 for users and agent admins, 401 signed out', async ({ client, assert }) => {
    const world = await bookingWorld()
    for (const user of [world.plainUser, world.memberA, world.agentA]) {
      const refused = await client
        .put('/api/data-protection-officer/1')
        .bearerToken(await bearerFor(client, user))
        .json(officer)
      refused.assertStatus(403)
      assert.isString(refused.body().message)
    }
    ;(await client.put('/api/data-protection-officer/1').json(officer)).assertStatus(401)
    assert.isFalse((await client.get('/api/data-protection-officer')).body().appointed)
    ;(
      await client
        .put('/api/data-protection-officer/1')
        .bearerToken(await bearerFor(client, world.admin))
        .json(officer)
    ).assertStatus(200)
  })

  test('bad input is refused per field (422)', async ({ client, assert }) => {
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const bad = await client
      .put('/api/data-protection-officer/1')
      .bearerToken(admin)
      .json({ name: ' ', email: 'nobody', phone: '12' })
    bad.assertStatus(422)
    assert.isString(bad.body().message)
    assert.deepEqual(
      Object.fromEntries(
        bad.body().errors.map((error: { field: string; message: string }) => [error.field, error.message])
      ),
      {
        name: "Enter the officer's name or role",
        email: 'Please enter a valid email address',
        phone: 'Please enter a valid phone number',
      }
    )
    assert.isFalse((await client.get('/api/data-protection-officer')).body().appointed)
  })

  test('each change is on the audit trail, and breach notices name the officer', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const admin = await bearerFor(client, superAdmin)
    await client.put('/api/data-protection-officer/1').bearerToken(admin).json(officer)
    await client
      .put('/api/data-protection-officer/1')
      .bearerToken(admin)
      .json({ ...officer, phone: '+60 3 7890 9999' })
    const entries = await AuditEntry.query().where('subject_type', 'data_protection_officer').orderBy('id')
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actorId]),
      [
        ['data_protection_officer.updated', superAdmin.id],
        ['data_protection_officer.updated', superAdmin.id],
      ]
    )
    assert.isNull(entries[0].before)
    assert.deepEqual(entries[1].before, { phone: officer.phone })
    assert.deepEqual(entries[1].after, { phone: '+60 3 7890 9999' })

    const breach = await client
      .post('/api/data-breaches')
      .bearerToken(admin)
      .json({
        discoveredAt: new Date(Date.now() - 3_600_000).toISOString(),
        description: 'A laptop was stolen',
        affectedPeople: 'Buyers',
        dataKinds: ['contact_details'],
        affectedCount: 3,
      })
    const address = `told.${Date.now()}@example.my`
    await client
      .post('/api/data-breach-notices')
      .bearerToken(admin)
      .json({ breachId: breach.body().id, subject: 'A notice', body: 'What happened.', recipients: [address] })
    const [mail] = await recordedMails(address)
    assert.include(mail.text, `Data Protection Officer: ${officer.name}`)
    assert.include(mail.text, `Email: ${officer.email}`)
    assert.include(mail.text, 'Phone: +60 3 7890 9999')
  })
})
