import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import DocumentAccess from '#documents/models/document_access'
import LotReleaseDocument from '#documents/models/lot_release_document'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'

const RELEASE = {
  isBumiputeraLot: true,
  bumiReleasedAt: DateTime.utc().minus({ days: 3 }).startOf('second'),
  bumiReleaseAuthority: 'Pejabat Tanah dan Galian Negeri Sembilan',
  bumiReleaseReference: 'PTG.NS/BUMI/2026/118',
}

test.group("Inventory | a quota lot's release approval document", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin attaches it to a recorded release and reads it back, on the access log', async ({
    client,
    assert,
  }) => {
    const lot = await createLot(await createDevelopment(), RELEASE)
    const admin = await createUser({ role: 'super_admin' })
    const token = await bearerFor(client, admin)
    const none = await client.get(`/api/lots/${lot.id}/bumiputera/approval-documents`).bearerToken(token)
    assert.deepEqual(none.body(), [])
    const stored = await client
      .post(`/api/lots/${lot.id}/bumiputera/approval-document`)
      .bearerToken(token)
      .file('document', files.pdf, { filename: 'ptg-approval.pdf' })
    stored.assertStatus(201)
    assert.containSubset(stored.body(), { lotId: lot.id, name: 'ptg-approval.pdf', mimeType: 'application/pdf' })
    const listed = await client.get(`/api/lots/${lot.id}/bumiputera/approval-documents`).bearerToken(token)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().map((document: { name: string }) => document.name),
      ['ptg-approval.pdf']
    )
    const read = await client.get(`/api/lots/${lot.id}/bumiputera/approval-document`).bearerToken(token)
    read.assertStatus(200)
    assert.equal(read.headers()['content-type'], 'application/pdf')
    const accesses = await DocumentAccess.query().where('document_type', 'bumiputera_release_approval')
    assert.deepEqual(
      accesses.map((access) => [access.userId, access.bookingId, access.action]),
      [[admin.id, null, 'view']]
    )
  })

  test('bad input: no release recorded, no file, a wrong type: 422 naming the field, nothing stored', async ({
    client,
    assert,
  }) => {
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const before = await storedFileCount()
    const unreleased = await createLot(await createDevelopment(), { isBumiputeraLot: true })
    const early = await client
      .post(`/api/lots/${unreleased.id}/bumiputera/approval-document`)
      .bearerToken(token)
      .file('document', files.pdf, { filename: 'a.pdf' })
    early.assertStatus(422)
    assert.containSubset(early.body(), { errors: [{ field: 'document' }] })
    const lot = await createLot(await createDevelopment(), RELEASE)
    const none = await client.post(`/api/lots/${lot.id}/bumiputera/approval-document`).bearerToken(token)
    none.assertStatus(422)
    const wrong = await client
      .post(`/api/lots/${lot.id}/bumiputera/approval-document`)
      .bearerToken(token)
      .file('document', files.svg, { filename: 'a.svg' })
    wrong.assertStatus(422)
    assert.equal(await storedFileCount(), before)
    assert.lengthOf(await LotReleaseDocument.all(), 0)
  })

  test('forbidden: agent admins and members get 403 for both', async ({ client, assert }) => {
    const lot = await createLot(await createDevelopment(), RELEASE)
    const agency = await createAgency()
    for (const user of [
      await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' }),
      await createUser(),
    ]) {
      const token = await bearerFor(client, user)
      const upload = await client
        .post(`/api/lots/${lot.id}/bumiputera/approval-document`)
        .bearerToken(token)
        .file('document', files.pdf, { filename: 'a.pdf' })
      upload.assertStatus(403)
      ;(await client.get(`/api/lots/${lot.id}/bumiputera/approval-document`).bearerToken(token)).assertStatus(403)
      ;(await client.get(`/api/lots/${lot.id}/bumiputera/approval-documents`).bearerToken(token)).assertStatus(403)
    }
    assert.lengthOf(await LotReleaseDocument.all(), 0)
  })
})
