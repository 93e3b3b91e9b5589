import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development)
  return { ...world, development, lot }
}

async function bookingCount() {
  const [row] = await Booking.query().count('* as total')
  return Number(row.$extras.total)
}

test.group('Bookings | documents refused by content and size', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{title}: refused, nothing stored, no booking, the lot stays available')
    .with([
      { title: 'an executable named .png', attachments: { icFront: 'disguised', icBack: 'png' }, status: 422 },
      { title: 'an SVG', attachments: { icFront: 'svg', icBack: 'png' }, status: 422 },
      { title: 'a PDF as an IC image', attachments: { icFront: 'pdf', icBack: 'png' }, status: 422 },
      { title: 'an oversize file', attachments: { icFront: 'oversize', icBack: 'png' }, status: 413 },
      {
        title: 'an agent admin with a disguised cheque',
        attachments: { cheque: 'disguised', icFront: 'png', icBack: 'png' },
        status: 422,
        agent: true,
      },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const world = await setup()
      const before = await storedFileCount()
      const actor = 'agent' in row ? world.agentA : world.memberA
      const response = await requestBooking(client, await bearerFor(client, actor), world.lot.id, row.attachments)
      response.assertStatus(row.status)
      assert.isString(response.body().message)
      assert.equal(await storedFileCount(), before)
      assert.equal(await bookingCount(), 0)
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'available')
    })

  test('a cheque may be a PDF, JPEG or PNG', async ({ client }) => {
    const world = await setup()
    const token = await bearerFor(client, world.agentA)
    const response = await requestBooking(client, token, world.lot.id, {
      cheque: 'jpeg',
      icFront: 'jpeg',
      icBack: 'png',
    })
    response.assertStatus(201)
  })
})

test.group('Bookings | document upload, list and download', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function withBooking(client: Parameters<typeof bearerFor>[0]) {
    const world = await setup()
    const response = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
    response.assertStatus(201)
    return { world, bookingId: response.body().id as number }
  }

  function upload(
    client: Parameters<typeof bearerFor>[0],
    token: string,
    bookingId: number,
    type: string,
    file: Buffer,
    name = 'file.png'
  ) {
    return client
      .post('/api/uploads/document')
      .bearerToken(token)
      .field('bookingId', String(bookingId))
      .field('documentType', type)
      .file('document', file, { filename: name })
  }

  test('the requester uploads a file; it is listed and downloads byte for byte', async ({ client, assert }) => {
    const { world, bookingId } = await withBooking(client)
    const token = await bearerFor(client, world.memberA)
    const uploaded = await upload(client, token, bookingId, 'cheque', files.pdf, 'cheque.pdf')
    uploaded.assertStatus(201)
    assert.containSubset(uploaded.body(), {
      documentType: 'cheque',
      documentName: 'cheque.pdf',
      mimeType: 'application/pdf',
    })
    assert.match(uploaded.body().documentUrl, new RegExp(`^/api/uploads/documents/${bookingId}/\\d+$`))

    const list = await client.get(`/api/uploads/documents/${bookingId}`).bearerToken(token)
    assert.deepEqual(
      list.body().map((d: { documentType: string }) => d.documentType),
      ['cheque']
    )

    const download = await client.get(uploaded.body().documentUrl).bearerToken(token)
    download.assertStatus(200)
    assert.equal(download.headers()['content-type'], 'application/pdf')
    assert.equal(download.headers()['cache-control'], 'private, no-store')
    const bytes = download.body() as Buffer
    assert.isTrue(Buffer.isBuffer(bytes) && bytes.equals(files.pdf), 'the download is the uploaded file')
    assert.match(
      (await client.get(`${uploaded.body().documentUrl}?download=1`).bearerToken(token)).headers()[
        'content-disposition'
      ],
      /^attachment/
    )
  })

  test("documents are fetched only by the requester, the agency's agent admins and super admins", async ({
    client,
  }) => {
    const { world, bookingId } = await withBooking(client)
    const uploaded = await upload(client, await bearerFor(client, world.memberA), bookingId, 'ic_front', files.png)
    const url = uploaded.body().documentUrl
    for (const who of ['memberA', 'agentA', 'superAdmin', 'admin'] as const) {
      const token = await bearerFor(client, world[who])
      ;(await client.get(url).bearerToken(token)).assertStatus(200)
      ;(await client.get(`/api/uploads/documents/${bookingId}`).bearerToken(token)).assertStatus(200)
    }
    for (const who of ['otherMemberA', 'agentB', 'memberB', 'plainUser'] as const) {
      const token = await bearerFor(client, world[who])
      ;(await client.get(url).bearerToken(token)).assertStatus(403)
      ;(await client.get(`/api/uploads/documents/${bookingId}`).bearerToken(token)).assertStatus(403)
    }
    ;(await client.get(url)).assertStatus(401)
  })

  test("only the requester, the agency's agent admin or a super admin may add documents", async ({
    client,
    assert,
  }) => {
    const { world, bookingId } = await withBooking(client)
    for (const who of ['otherMemberA', 'agentB'] as const) {
      ;(await upload(client, await bearerFor(client, world[who]), bookingId, 'other', files.png)).assertStatus(403)
    }
    ;(await upload(client, await bearerFor(client, world.agentA), bookingId, 'other', files.png)).assertStatus(201)
    const list = await client
      .get(`/api/uploads/documents/${bookingId}`)
      .bearerToken(await bearerFor(client, world.superAdmin))
    assert.lengthOf(list.body(), 1)
  })

  test('bad uploads are refused and nothing is stored', async ({ client, assert }) => {
    const { world, bookingId } = await withBooking(client)
    const token = await bearerFor(client, world.memberA)
    const before = await storedFileCount()
    ;(await upload(client, token, bookingId, 'ic_back', files.disguised)).assertStatus(422)
    ;(await upload(client, token, bookingId, 'ic_back', files.svg, 'x.svg')).assertStatus(422)
    ;(await upload(client, token, bookingId, 'ic_back', files.pdf, 'x.pdf')).assertStatus(422)
    ;(await upload(client, token, bookingId, 'ic_back', files.oversize)).assertStatus(413)
    ;(await upload(client, token, bookingId, 'passport', files.png)).assertStatus(422)
    ;(await upload(client, token, 999999, 'ic_back', files.png)).assertStatus(404)
    const noFile = await client
      .post('/api/uploads/document')
      .bearerToken(token)
      .field('bookingId', String(bookingId))
      .field('documentType', 'other')
    noFile.assertStatus(422)
    assert.equal(await storedFileCount(), before)
  })

  test('a missing document is 404 and ids are checked', async ({ client }) => {
    const { world, bookingId } = await withBooking(client)
    const token = await bearerFor(client, world.memberA)
    ;(await client.get(`/api/uploads/documents/${bookingId}/999999`).bearerToken(token)).assertStatus(404)
    ;(await client.get('/api/uploads/documents/abc').bearerToken(token)).assertStatus(404)
  })
})
