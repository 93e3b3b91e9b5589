import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import BumiputeraEvidence from '#documents/models/bumiputera_evidence'
import DocumentAccess from '#documents/models/document_access'
import DocumentKey from '#documents/models/document_key'
import { readStoredBytes } from '#documents'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { files, storedFileCount } from '#tests/helpers/bookings'
import { readZip } from '#tests/helpers/zip'
import { validateAgainst } from '../privacy/json_schema.js'

function exportOf(client: ApiClient, token: string) {
  const request = client.get('/api/me/personal-data').bearerToken(token)
  request.request.parse((response, done) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => done(null, Buffer.concat(chunks)))
  })
  return request
}

function declare(client: ApiClient, token: string, kind: string | null, evidence: Array<[Buffer, string]>) {
  const request = client.post('/api/users/me/bumiputera').bearerToken(token)
  if (kind !== null) request.field('kind', kind)
  for (const [bytes, name] of evidence) request.file('evidence', bytes, { filename: name })
  return request
}

async function evidenceOf(user: User) {
  return BumiputeraEvidence.query().where('user_id', user.id).orderBy('id')
}

async function world() {
  const agency = await createAgency()
  const otherAgency = await createAgency()
  return {
    member: await createUser({ agencyId: agency.id, agencyStatus: 'approved' }),
    otherMember: await createUser({ agencyId: otherAgency.id, agencyStatus: 'approved' }),
    agentAdmin: await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' }),
    superAdmin: await createUser({ role: 'super_admin' }),
  }
}

test.group('Identity | Bumiputera declaration with evidence', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member declares with evidence: stored encrypted, the status declared with its kind', async ({
    client,
    assert,
  }) => {
    const { member } = await world()
    const token = await bearerFor(client, member)
    const answer = await declare(client, token, 'company', [
      [files.pdf, 'ssm-certificate.pdf'],
      [files.png, 'ic.png'],
    ])
    answer.assertStatus(201)
    assert.containSubset(answer.body(), {
      message: 'Bumiputera status declared. It will be verified by staff.',
      userId: member.id,
      bumiputeraStatus: 'declared',
      bumiputeraKind: 'company',
      bumiputeraVerifiedBy: null,
      bumiputeraVerifiedAt: null,
      evidence: [
        { name: 'ssm-certificate.pdf', mimeType: 'application/pdf', kind: 'company' },
        { name: 'ic.png', mimeType: 'image/png', kind: 'company' },
      ],
    })
    const rows = await evidenceOf(member)
    assert.lengthOf(rows, 2)
    // Encrypted at rest: a key row per file, and the bytes on the disk are not the file's.
    for (const row of rows) assert.isNotNull(await DocumentKey.findBy('storageKey', row.storageKey))
    assert.deepEqual(await readStoredBytes(rows[0].storageKey), files.pdf)

    const me = await client.get('/api/users/me').bearerToken(token)
    assert.containSubset(me.body(), { bumiputeraStatus: 'declared', bumiputeraKind: 'company' })
    const session = await client.get('/api/auth/session').bearerToken(token)
    assert.containSubset(session.body().user, { bumiputeraStatus: 'declared', bumiputeraKind: 'company' })
  })

  test('bad input: 422 naming the field, no file stored, nothing written', async ({ client, assert }) => {
    const { member } = await world()
    const token = await bearerFor(client, member)
    const before = await storedFileCount()

    const nothing = await declare(client, token, null, [])
    nothing.assertStatus(422)
    assert.deepEqual(
      nothing.body().errors.map((error: { field: string }) => error.field),
      ['kind', 'evidence']
    )
    assert.containSubset(nothing.body().errors, [
      { field: 'evidence', message: 'Attach a document that shows your Bumiputera status.' },
    ])
    const wrongKind = await declare(client, token, 'cousin', [[files.png, 'ic.png']])
    wrongKind.assertStatus(422)
    assert.containSubset(wrongKind.body().errors, [{ field: 'kind' }])
    const disguised = await declare(client, token, 'individual', [[files.disguised, 'ic.png']])
    disguised.assertStatus(422)
    assert.containSubset(disguised.body(), {
      errors: [{ field: 'evidence', message: 'The document must be a PDF, JPG or PNG file.' }],
    })
    const svg = await declare(client, token, 'individual', [
      [files.png, 'ic.png'],
      [files.svg, 'ic.svg'],
    ])
    svg.assertStatus(422)
    const oversize = await declare(client, token, 'individual', [[files.oversize, 'big.png']])
    oversize.assertStatus(413)
    assert.containSubset(oversize.body(), { errors: [{ field: 'evidence' }] })
    const many = await declare(
      client,
      token,
      'individual',
      Array.from({ length: 5 }, (_, index) => [files.png, `ic-${index}.png`] as [Buffer, string])
    )
    many.assertStatus(422)
    assert.containSubset(many.body(), { errors: [{ field: 'evidence', message: 'Attach at most 4 documents.' }] })

    assert.equal(await storedFileCount(), before)
    assert.lengthOf(await evidenceOf(member), 0)
    assert.equal((await User.findOrFail(member.id)).bumiputeraStatus, 'none')
  })

  test('needs a signed-in user; a verified status is not declared over (409, no file kept)', async ({
    client,
    assert,
  }) => {
    ;(await client.post('/api/users/me/bumiputera').file('evidence', files.png, { filename: 'ic.png' })).assertStatus(
      401
    )
    const { member } = await world()
    await User.query().where('id', member.id).update({ bumiputera_status: 'verified' })
    const before = await storedFileCount()
    const again = await declare(client, await bearerFor(client, member), 'individual', [[files.png, 'ic.png']])
    again.assertStatus(409)
    again.assertBody({ message: 'Your Bumiputera status is already verified.' })
    assert.equal(await storedFileCount(), before)
    assert.equal((await User.findOrFail(member.id)).bumiputeraStatus, 'verified')
  })

  test('a rejected declaration is declared again; the rejected evidence is deleted, its row kept', async ({
    client,
    assert,
  }) => {
    const people = await world()
    const token = await bearerFor(client, people.member)
    ;(await declare(client, token, 'individual', [[files.png, 'old-ic.png']])).assertStatus(201)
    const staff = await bearerFor(client, people.agentAdmin)
    const rejected = await client
      .put(`/api/users/${people.member.id}/bumiputera`)
      .bearerToken(staff)
      .json({ status: 'rejected' })
    rejected.assertStatus(200)
    assert.containSubset(rejected.body(), {
      bumiputeraStatus: 'rejected',
      bumiputeraVerifiedBy: people.agentAdmin.id,
      bumiputeraVerifiedByName: people.agentAdmin.name,
    })
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.containSubset(me.body(), {
      bumiputeraStatus: 'rejected',
      bumiputeraVerifiedBy: people.agentAdmin.id,
      bumiputeraVerifiedByName: people.agentAdmin.name,
    })
    assert.isString(me.body().bumiputeraVerifiedAt)

    const again = await declare(client, token, 'individual', [[files.jpeg, 'new-ic.jpg']])
    again.assertStatus(201)
    assert.containSubset(again.body(), { bumiputeraStatus: 'declared', bumiputeraVerifiedBy: null })
    const [old, current] = await evidenceOf(people.member)
    assert.equal(old.deletionReason, 'superseded')
    assert.isNull(await readStoredBytes(old.storageKey))
    assert.isNull(current.deletedAt)
    assert.deepEqual(await readStoredBytes(current.storageKey), files.jpeg)
  })

  test('the evidence: the person, their agent admin and super admins read it, each read on the log', async ({
    client,
    assert,
  }) => {
    const people = await world()
    const token = await bearerFor(client, people.member)
    ;(await declare(client, token, 'individual', [[files.png, 'ic.png']])).assertStatus(201)
    const [row] = await evidenceOf(people.member)

    for (const reader of [people.member, people.agentAdmin, people.superAdmin]) {
      const readerToken = await bearerFor(client, reader)
      const list = await client.get(`/api/users/${people.member.id}/bumiputera/evidence`).bearerToken(readerToken)
      list.assertStatus(200)
      assert.containSubset(list.body(), {
        userId: people.member.id,
        bumiputeraStatus: 'declared',
        data: [{ id: row.id, name: 'ic.png', url: `/api/users/${people.member.id}/bumiputera/evidence/${row.id}` }],
      })
      const file = await client
        .get(`/api/users/${people.member.id}/bumiputera/evidence/${row.id}`)
        .bearerToken(readerToken)
      file.assertStatus(200)
      assert.equal(file.headers()['cache-control'], 'private, no-store')
      assert.equal(file.headers()['content-type'], 'image/png')
      assert.deepEqual(file.body() as Buffer, files.png)
    }
    const accesses = await DocumentAccess.query().where('document_type', 'bumiputera_evidence').orderBy('id')
    assert.deepEqual(
      accesses.map((access) => [access.userId, access.documentId, access.bookingId, access.action]),
      [
        [people.member.id, row.id, null, 'view'],
        [people.agentAdmin.id, row.id, null, 'view'],
        [people.superAdmin.id, row.id, null, 'view'],
      ]
    )
  })

  test("forbidden: another agency's agent admin and another member get 403 and nothing is logged", async ({
    client,
    assert,
  }) => {
    const people = await world()
    ;(
      await declare(client, await bearerFor(client, people.member), 'individual', [[files.png, 'ic.png']])
    ).assertStatus(201)
    const [row] = await evidenceOf(people.member)
    const otherAgency = await createAgency()
    const otherAgent = await createUser({ role: 'agent_admin', agencyId: otherAgency.id, agencyStatus: 'approved' })
    for (const reader of [otherAgent, people.otherMember]) {
      const readerToken = await bearerFor(client, reader)
      ;(await client.get(`/api/users/${people.member.id}/bumiputera/evidence`).bearerToken(readerToken)).assertStatus(
        403
      )
      const file = await client
        .get(`/api/users/${people.member.id}/bumiputera/evidence/${row.id}`)
        .bearerToken(readerToken)
      file.assertStatus(403)
    }
    // Another person's evidence is not reached through one's own id either.
    const mine = await client
      .get(`/api/users/${people.otherMember.id}/bumiputera/evidence/${row.id}`)
      .bearerToken(await bearerFor(client, people.otherMember))
    mine.assertStatus(404)
    assert.lengthOf(await DocumentAccess.query().where('document_type', 'bumiputera_evidence'), 0)
  })

  test('the personal-data export: the status in the profile, the evidence in data.json and its file in the ZIP', async ({
    client,
    assert,
  }) => {
    const people = await world()
    const token = await bearerFor(client, people.member)
    ;(await declare(client, token, 'individual', [[files.png, 'ic.png']])).assertStatus(201)
    await client
      .put(`/api/users/${people.member.id}/bumiputera`)
      .bearerToken(await bearerFor(client, people.superAdmin))
      .json({ status: 'verified' })
    const [row] = await evidenceOf(people.member)
    const zipFiles = readZip((await exportOf(client, token)).body() as Buffer)
    const schema = JSON.parse(zipFiles.get('personal-data.schema.json')!.toString())
    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.deepEqual(validateAgainst(schema, data), [])
    assert.equal(data.schemaVersion, 3)
    assert.containSubset(data.profile, {
      bumiputeraStatus: 'verified',
      bumiputeraKind: 'individual',
      bumiputeraVerifiedBy: people.superAdmin.id,
      bumiputeraVerifiedByName: people.superAdmin.name,
    })
    assert.containSubset(data.bumiputeraEvidence, [
      { id: row.id, name: 'ic.png', kind: 'individual', file: `bumiputera/evidence-${row.id}.png` },
    ])
    assert.deepEqual(zipFiles.get(`bumiputera/evidence-${row.id}.png`), files.png)
    const exported = await DocumentAccess.query()
      .where('document_type', 'bumiputera_evidence')
      .where('action', 'export')
    assert.deepEqual(
      exported.map((access) => [access.userId, access.documentId]),
      [[people.member.id, row.id]]
    )
  })

  test("a confirmed account deletion deletes the person's evidence files, keeping the rows", async ({
    client,
    assert,
  }) => {
    const people = await world()
    const token = await bearerFor(client, people.member)
    ;(await declare(client, token, 'company', [[files.pdf, 'cert.pdf']])).assertStatus(201)
    const asked = await client.post('/api/me/deletion-request').bearerToken(token).json({})
    asked.assertStatus(201)
    const confirmed = await client
      .put(`/api/account-deletion-requests/${asked.body().request.id}`)
      .bearerToken(await bearerFor(client, people.superAdmin))
      .json({ decision: 'confirm' })
    confirmed.assertStatus(200)
    const [row] = await evidenceOf(people.member)
    assert.equal(row.deletionReason, 'account_deletion')
    assert.isNull(await readStoredBytes(row.storageKey))
    const user = await User.findOrFail(people.member.id)
    assert.equal(user.bumiputeraStatus, 'none')
    assert.isNull(user.bumiputeraKind)
  })
})
