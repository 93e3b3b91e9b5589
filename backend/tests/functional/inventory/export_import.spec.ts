import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { parse } from 'csv-parse/sync'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PriceListVersion from '#inventory/models/price_list_version'
import { Lot, serializeLot, type Development } from '#inventory'
import type { Role } from '#core/roles'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

const EXPORT_HEADER =
  'Unit Number,Lot Number,Title,Type,Type Code,Phase,Land Area (sqm),Built-up Area (sqm),Size (sqm),Price (RM),SPA Price,Status,Name,Property Type,Category,Location,Address,Note,Description,Kind,Property ID,Bumiputera Lot,Bumiputera Release Date,Bumiputera Release Authority,Bumiputera Release Reference,Released'

async function tokenAs(client: ApiClient, role: Role) {
  return bearerFor(client, await createUser({ role }))
}

function exportCsv(client: ApiClient, token: string, development: Development, qs: Record<string, string> = {}) {
  return client
    .get('/api/lots/export')
    .qs({ filter: JSON.stringify({ propertyId: development.id }), sort: JSON.stringify(['lotNumber', 'ASC']), ...qs })
    .bearerToken(token)
}

function upload(client: ApiClient, token: string, path: '/api/lots/import' | '/api/lots/import/preview', csv: string) {
  return client.post(path).file('file', Buffer.from(csv), { filename: 'lots.csv' }).bearerToken(token)
}

/** Every lot of the development as the API serves it, updatedAt included: what "unchanged" means. */
async function snapshot(development: Development) {
  const lots = await Lot.query().where('development_id', development.id).orderBy('lot_number')
  return lots.map(serializeLot)
}

/** Lots as varied as the data gets: empty fields, decimals, quotes, commas, new lines, formula-like text. */
async function variedDevelopment() {
  const development = await createDevelopment({ name: 'Mahkota Kampar' })
  await createLot(development, {
    lotNumber: '1',
    unitNumber: 'MKS-01',
    type: 'CORNER (A)',
    typeCode: 'A',
    landSizeSqm: 201,
    price: 628_000,
    spaPrice: 'RM 628,000',
  })
  await createLot(development, {
    lotNumber: '2',
    unitNumber: null,
    title: 'Lot "Two", by the road',
    description: 'Two storeys.\nFacing the main road, with parking.',
    landSizeSqm: 278.71,
    builtUpSqm: null,
    price: null,
    phase: null,
    status: 'sold',
  })
  await createLot(development, {
    lotNumber: 'W-3',
    unitNumber: '-3A',
    type: 'Warehouse',
    typeCode: null,
    category: null,
    note: '=SUM(A1)',
    status: 'locked',
  })
  await createLot(development, { lotNumber: '4', kind: 'unit', type: 'Office', typeCode: null, sizeSqm: 92.5 })
  return development
}

const actions = (body: { rows: Array<{ action: string }> }) => body.rows.map((row) => row.action)

test.group('Inventory | lots CSV export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('exports the filtered lots, sorted, in the import columns with the stored values', async ({
    client,
    assert,
  }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')

    const response = await exportCsv(client, token, development)

    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv/)
    assert.equal(response.header('content-disposition'), 'attachment; filename="lots.csv"')
    const [header, ...lines] = response.text().split('\r\n')
    assert.equal(header, EXPORT_HEADER)
    const records = parse(response.text(), { columns: true }) as Array<Record<string, string>>
    assert.deepEqual(
      records.map((record) => record['Lot Number']),
      ['1', '2', '4', 'W-3']
    )
    // Stored values, never the screens' defaults: no land area is made up for lot 4.
    assert.containSubset(records[1], {
      'Unit Number': '',
      'Land Area (sqm)': '278.71',
      'Price (RM)': '',
      Status: 'sold',
      Title: 'Lot "Two", by the road',
    })
    assert.containSubset(records[2], {
      Kind: 'unit',
      'Land Area (sqm)': '186',
      'Size (sqm)': '92.5',
      'Property ID': String(development.id),
    })
    assert.equal(records[3]['Note'], "'=SUM(A1)", 'a formula is kept as text')
    assert.include(
      lines,
      ',2,"Lot ""Two"", by the road",INTERMEDIATE (B),B,,278.71,,,,,sold,,Intermediate,shoplot,"Nilai, Negeri Sembilan",,,"Two storeys.\nFacing the main road, with parking.",lot,' +
        development.id +
        ',no,,,,yes'
    )

    const onlySold = await exportCsv(client, token, development, {
      filter: JSON.stringify({ propertyId: development.id, status: 'sold' }),
    })
    assert.deepEqual(
      (parse(onlySold.text(), { columns: true }) as Array<Record<string, string>>).map((r) => r['Lot Number']),
      ['2']
    )
  })

  test('bad list parameters are a 422', async ({ client }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')
    ;(await exportCsv(client, token, development, { sort: JSON.stringify(['description', 'ASC']) })).assertStatus(422)
    ;(await exportCsv(client, token, development, { filter: '{not json' })).assertStatus(422)
  })

  test('the template has the export header and an example row that imports', async ({ client, assert }) => {
    const development = await createDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const template = await client.get('/api/lots/import/template').bearerToken(token)
    template.assertStatus(200)
    assert.equal(template.text().split('\r\n')[0], EXPORT_HEADER)

    const preview = await upload(
      client,
      token,
      '/api/lots/import/preview',
      // The example's empty Property ID (before the four quota columns) set to this development.
      template.text().replace(/,(,no,,,)\r\n$/, `,${development.id}$1\r\n`)
    )
    preview.assertStatus(200)
    assert.deepEqual(actions(preview.body()), ['create'])
  })

  test('{$self} cannot export lots or read the template')
    .with(['user', 'agent_admin'] as const)
    .run(async ({ client, assert }, role) => {
      const development = await variedDevelopment()
      const token = await tokenAs(client, role)
      const response = await exportCsv(client, token, development)
      response.assertStatus(403)
      assert.equal(response.body().message, 'Only super admins can manage lots.')
      ;(await client.get('/api/lots/import/template').bearerToken(token)).assertStatus(403)
    })

  test('anonymous is 401', async ({ client }) => {
    ;(await client.get('/api/lots/export')).assertStatus(401)
  })
})

test.group('Inventory | lots CSV round trip', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an exported file imports back with every row unchanged, and nothing changes', async ({ client, assert }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)
    const csv = (await exportCsv(client, token, development)).text()

    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    preview.assertStatus(200)
    assert.deepEqual(preview.body().summary, { rows: 4, create: 0, update: 0, unchanged: 4, error: 0 })
    assert.deepEqual(actions(preview.body()), ['unchanged', 'unchanged', 'unchanged', 'unchanged'])

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(200)
    assert.equal(applied.body().message, 'Import complete: 0 lots created, 0 updated, 4 unchanged.')
    assert.deepEqual(await snapshot(development), before)
  })

  test('an edited export updates exactly the edited fields, and reports them old -> new', async ({
    client,
    assert,
  }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)
    const records = parse((await exportCsv(client, token, development)).text(), { columns: true }) as Array<
      Record<string, string>
    >
    // Lot 1: new price (typed as people type it), status and title; lot W-3: note cleared; a new lot 5.
    records[0]['Price (RM)'] = 'RM 640,000'
    records[0]['Status'] = 'Reserved'
    records[0]['Title'] = 'PT 54001 (corner)'
    records[3]['Note'] = ''
    records[3]['Type'] = 'warehouse'
    const added: Record<string, string> = {
      ...records[0],
      'Lot Number': '5',
      'Unit Number': 'MKS-05',
      'Price (RM)': '470000',
      Status: 'available',
      Title: '',
    }
    const header = Object.keys(records[0])
    const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
    const csv = [
      header.join(','),
      ...[...records, added].map((record) => header.map((column) => quote(record[column])).join(',')),
    ].join('\n')

    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    preview.assertStatus(200)
    assert.deepEqual(preview.body().summary, { rows: 5, create: 1, update: 2, unchanged: 2, error: 0 })
    const [lot1, lot2, lot4, lotW3, lot5] = preview.body().rows
    assert.equal(lot2.action, 'unchanged')
    assert.equal(lot4.action, 'unchanged')
    assert.containSubset(lot1, { row: 2, lotNumber: '1', action: 'update', lotId: before[0].id })
    assert.sameDeepMembers(lot1.changes, [
      { field: 'price', column: 'Price (RM)', from: 628000, to: 640000 },
      { field: 'status', column: 'Status', from: 'available', to: 'reserved' },
      { field: 'title', column: 'Title', from: before[0].title, to: 'PT 54001 (corner)' },
    ])
    assert.deepEqual(lotW3.changes, [{ field: 'note', column: 'Note', from: '=SUM(A1)', to: null }])
    assert.containSubset(lot5, { action: 'create', lotNumber: '5', lotId: null })
    assert.deepInclude(lot5.changes, { field: 'price', column: 'Price (RM)', from: null, to: 470000 })
    assert.deepEqual(await snapshot(development), before, 'a preview writes nothing')

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(200)
    assert.equal(applied.body().message, 'Import complete: 1 lot created, 2 updated, 2 unchanged.')

    const after = await snapshot(development)
    const byNumber = (lots: typeof after, lotNumber: string) => lots.find((lot) => lot.lotNumber === lotNumber)!
    const { updatedAt: _before1, ...rest1Before } = byNumber(before, '1')
    const { updatedAt: _after1, ...rest1After } = byNumber(after, '1')
    assert.deepEqual(rest1After, {
      ...rest1Before,
      price: 640000,
      priceSen: 64000000,
      status: 'reserved',
      title: 'PT 54001 (corner)',
    })
    const { updatedAt: _beforeW3, ...restW3Before } = byNumber(before, 'W-3')
    const { updatedAt: _afterW3, ...restW3After } = byNumber(after, 'W-3')
    assert.deepEqual(restW3After, { ...restW3Before, note: null })
    assert.deepEqual(byNumber(after, '2'), byNumber(before, '2'))
    assert.deepEqual(byNumber(after, '4'), byNumber(before, '4'))
    assert.containSubset(byNumber(after, '5'), {
      unitNumber: 'MKS-05',
      price: 470000,
      type: 'CORNER (A)',
      status: 'available',
      propertyId: development.id,
    })
    assert.equal(applied.body().rows[4].lotId, byNumber(after, '5').id)
  })

  test('a file with only some columns updates only those', async ({ client, assert }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)

    const response = await upload(
      client,
      token,
      '/api/lots/import',
      `Lot Number,Property ID,Price (RM)\n1,${development.id},"650,000"\n2,${development.id},\n`
    )

    response.assertStatus(200)
    assert.deepEqual(actions(response.body()), ['update', 'unchanged'])
    const after = await snapshot(development)
    assert.equal(after[0].price, 650000)
    assert.equal(after[0].title, before[0].title)
    assert.deepEqual(after[1], before[1])
  })

  test('bad rows are reported per row, and the whole file is refused', async ({ client, assert }) => {
    const development = await variedDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)
    const csv = [
      'Lot Number,Property ID,Type,Status,Price (RM)',
      `1,${development.id},CORNER (A),available,640000`,
      `2,${development.id},,sold,`,
      `W-3,${development.id},Custom Type,locked,`,
      `6,${development.id},Factory,gone,cheap`,
      `1,${development.id},CORNER (A),available,640000`,
      `7,999999,Factory,available,1`,
    ].join('\n')

    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    preview.assertStatus(200)
    assert.deepEqual(actions(preview.body()), ['update', 'error', 'error', 'error', 'error', 'error'])
    const errorsOf = (row: { errors: Array<{ field: string; message: string }> }) => row.errors
    const [, cleared, custom, invalid, repeated, unknown] = preview.body().rows
    assert.deepEqual(errorsOf(cleared), [{ field: 'type', message: 'Type is required' }])
    assert.deepEqual(errorsOf(custom), [
      {
        field: 'type',
        message: 'Type must be one of CORNER (A), INTERMEDIATE (B), END LOT (C), Factory, Warehouse, Office, Retail',
      },
    ])
    assert.sameDeepMembers(errorsOf(invalid), [
      { field: 'status', message: 'Status must be one of available, reserved, pending, booked, sold, locked' },
      { field: 'price', message: 'Price must be a number' },
    ])
    assert.deepEqual(errorsOf(repeated), [
      { field: 'lotNumber', message: 'Lot number 1 is already on row 2 of this file.' },
    ])
    assert.deepEqual(errorsOf(unknown), [{ field: 'propertyId', message: 'Property not found' }])

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(422)
    assert.equal(applied.body().message, 'No lots were imported: 5 rows of 6 have errors.')
    assert.deepEqual(
      applied.body().rows.map((row: { row: number }) => row.row),
      [3, 4, 5, 6, 7]
    )
    assert.deepInclude(applied.body().errors, { field: 'rows.3.type', message: 'Row 3: Type is required' })
    assert.deepEqual(await snapshot(development), before, 'the good row was not applied either')
  })

  test('a row may not change the status of a lot a booking holds', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const held = await createLot(development, { lotNumber: '1' })
    const free = await createLot(development, { lotNumber: '2' })
    ;(await requestBooking(client, await bearerFor(client, world.memberA), held.id)).assertStatus(201)
    await held.refresh()
    assert.notEqual(held.status, 'available')
    const token = await bearerFor(client, world.superAdmin)

    const csv = `Lot Number,Property ID,Status,Price (RM)\n1,${development.id},available,470000\n2,${development.id},sold,470000\n`
    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    assert.deepEqual(actions(preview.body()), ['error', 'update'])
    assert.match(
      preview.body().rows[0].errors[0].message,
      /^This lot is held by booking #\d+: its status follows that booking\. Process or cancel the booking to change it\.$/
    )

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(422)
    assert.equal((await Lot.findOrFail(held.id)).status, held.status)
    assert.equal((await Lot.findOrFail(free.id)).status, 'available')

    // Its other fields may change; its status, left as it is, is no change.
    const priceOnly = await upload(
      client,
      token,
      '/api/lots/import',
      `Lot Number,Property ID,Status,Price (RM)\n1,${development.id},${held.status},470000\n`
    )
    priceOnly.assertStatus(200)
    assert.equal((await Lot.findOrFail(held.id)).price, 470000)
  })

  test('{$self} cannot preview an import')
    .with(['user', 'agent_admin'] as const)
    .run(async ({ client, assert }, role) => {
      const development = await variedDevelopment()
      const response = await upload(
        client,
        await tokenAs(client, role),
        '/api/lots/import/preview',
        `Lot Number,Property ID,Price (RM)\n1,${development.id},1\n`
      )
      response.assertStatus(403)
      assert.equal(response.body().message, 'Only super admins can manage lots.')
    })
})

/** A version written as if published at its time (the API refuses a past effective time). */
async function versionAt(development: Development, effectiveAt: DateTime, prices: Array<[Lot, number]>) {
  const version = await PriceListVersion.create({
    developmentId: development.id,
    label: `List of ${effectiveAt.toISO()}`,
    effectiveAt: effectiveAt.toUTC().startOf('second'),
    publishedById: null,
    entryCount: prices.length,
  })
  await db
    .table('price_list_entries')
    .multiInsert(prices.map(([lot, priceSen]) => ({ version_id: version.id, lot_id: lot.id, price_sen: priceSen })))
}

/** Lots priced by lists (in force, overridden, scheduled, with sen) and quota lots, released or not. */
async function pricedQuotaDevelopment() {
  const development = await createDevelopment({ name: 'Taman Bumi' })
  const listed = await createLot(development, { lotNumber: '1', price: 468_000 })
  const withSen = await createLot(development, { lotNumber: '2', price: 470_000 })
  const unlisted = await createLot(development, { lotNumber: '3', price: 480_000 })
  const quota = await createLot(development, { lotNumber: '4', price: 490_000 })
  quota.merge({ isBumiputeraLot: true })
  await quota.save()
  const released = await createLot(development, { lotNumber: '5', price: 500_000 })
  released.merge({
    isBumiputeraLot: true,
    bumiReleasedAt: DateTime.fromISO('2026-03-01T08:30:00Z', { zone: 'utc' }),
    bumiReleaseAuthority: 'Pejabat Tanah dan Galian Perak',
    bumiReleaseReference: 'PTG/PK/2026/114',
  })
  await released.save()
  const now = DateTime.utc()
  await versionAt(development, now.minus({ days: 2 }), [
    [listed, 45_000_000],
    [withSen, 46_000_000],
  ])
  await versionAt(development, now.minus({ days: 1 }), [
    [listed, 51_000_000],
    [withSen, 47_250_050],
  ])
  await versionAt(development, now.plus({ days: 1 }), [
    [listed, 99_900_000],
    [unlisted, 99_900_000],
  ])
  return { development, listed, withSen, unlisted, quota, released }
}

function csvOf(records: Array<Record<string, string>>) {
  const header = Object.keys(records[0])
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [header.join(','), ...records.map((record) => header.map((column) => quote(record[column])).join(','))].join(
    '\n'
  )
}

test.group('Inventory | lots CSV: price in force and Bumiputera quota', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the export carries the price in force (with sen) and the quota columns', async ({ client, assert }) => {
    const { development } = await pricedQuotaDevelopment()
    const token = await tokenAs(client, 'super_admin')

    const response = await exportCsv(client, token, development)

    response.assertStatus(200)
    const records = parse(response.text(), { columns: true }) as Array<Record<string, string>>
    const columns = (record: Record<string, string>) => [
      record['Lot Number'],
      record['Price (RM)'],
      record['Bumiputera Lot'],
      record['Bumiputera Release Date'],
      record['Bumiputera Release Authority'],
      record['Bumiputera Release Reference'],
    ]
    assert.deepEqual(records.map(columns), [
      ['1', '510000', 'no', '', '', ''],
      ['2', '472500.50', 'no', '', '', ''],
      ['3', '480000', 'no', '', '', ''],
      ['4', '490000', 'yes', '', '', ''],
      ['5', '500000', 'yes', '2026-03-01T08:30:00Z', 'Pejabat Tanah dan Galian Perak', 'PTG/PK/2026/114'],
    ])
  })

  test('the export imports back unchanged (MySQL and SQLite alike)', async ({ client, assert }) => {
    const { development } = await pricedQuotaDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)
    const csv = (await exportCsv(client, token, development)).text()

    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    preview.assertStatus(200)
    assert.deepEqual(preview.body().summary, { rows: 5, create: 0, update: 0, unchanged: 5, error: 0 })

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(200)
    assert.deepEqual(await snapshot(development), before)
  })

  test("the price column edits an unlisted lot's own price; a listed lot's is refused with its row", async ({
    client,
    assert,
  }) => {
    const { development, unlisted, listed } = await pricedQuotaDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const records = parse((await exportCsv(client, token, development)).text(), { columns: true }) as Array<
      Record<string, string>
    >
    records[2]['Price (RM)'] = '485000'
    const preview = await upload(client, token, '/api/lots/import/preview', csvOf(records))
    assert.deepEqual(preview.body().rows[2].changes, [
      { field: 'price', column: 'Price (RM)', from: 480000, to: 485000 },
    ])
    ;(await upload(client, token, '/api/lots/import', csvOf(records))).assertStatus(200)
    await unlisted.refresh()
    assert.equal(unlisted.price, 485000)

    records[0]['Price (RM)'] = '520000'
    const refused = await upload(client, token, '/api/lots/import', csvOf(records))
    refused.assertStatus(422)
    assert.equal(refused.body().errors.length, 1)
    assert.equal(refused.body().errors[0].field, 'rows.2.price')
    assert.match(refused.body().errors[0].message, /^Row 2: This lot's price comes from a price list in force/)
    await listed.refresh()
    assert.equal(listed.price, 468000, 'nothing written')
  })

  test('the quota columns set and clear a quota lot and its release', async ({ client, assert }) => {
    const { development, quota, released } = await pricedQuotaDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const records = parse((await exportCsv(client, token, development)).text(), { columns: true }) as Array<
      Record<string, string>
    >
    Object.assign(records[3], {
      'Bumiputera Release Date': '2026-04-02',
      'Bumiputera Release Authority': 'Unit Perumahan Negeri',
      'Bumiputera Release Reference': 'UPN/2026/7',
    })
    Object.assign(records[4], {
      'Bumiputera Lot': 'No',
      'Bumiputera Release Date': '',
      'Bumiputera Release Authority': '',
      'Bumiputera Release Reference': '',
    })
    const csv = csvOf(records)
    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    assert.deepEqual(preview.body().summary, { rows: 5, create: 0, update: 2, unchanged: 3, error: 0 })
    assert.deepInclude(preview.body().rows[3].changes, {
      field: 'bumiReleasedAt',
      column: 'Bumiputera Release Date',
      from: null,
      to: '2026-04-02T00:00:00Z',
    })
    ;(await upload(client, token, '/api/lots/import', csv)).assertStatus(200)
    await quota.refresh()
    await released.refresh()
    assert.isTrue(Boolean(quota.isBumiputeraLot))
    assert.equal(quota.bumiReleasedAt?.toUTC().toISO(), '2026-04-02T00:00:00.000Z')
    assert.equal(quota.bumiReleaseReference, 'UPN/2026/7')
    assert.isFalse(Boolean(released.isBumiputeraLot))
    assert.isNull(released.bumiReleasedAt)
    assert.isNull(released.bumiReleaseAuthority)

    // And the new file round-trips too.
    const again = (await exportCsv(client, token, development)).text()
    const preview2 = await upload(client, token, '/api/lots/import/preview', again)
    assert.equal(preview2.body().summary.unchanged, 5)
  })

  test('bad prices and quota cells are a 422 naming row and field, and nothing is written', async ({
    client,
    assert,
  }) => {
    const { development } = await pricedQuotaDevelopment()
    const token = await tokenAs(client, 'super_admin')
    const before = await snapshot(development)
    const id = development.id
    const future = DateTime.utc().plus({ days: 3 }).toISODate()
    const csv = [
      'Lot Number,Property ID,Price (RM),Bumiputera Lot,Bumiputera Release Date,Bumiputera Release Authority,Bumiputera Release Reference',
      `1,${id},510000,yes,${future},PTG,REF-1`,
      `2,${id},472500.50,no,,Pejabat Tanah,`,
      `3,${id},-5,no,,,`,
      `4,${id},490000.5,yes,,,`,
      `5,${id},500000,maybe,2026-03-01T08:30:00Z,Pejabat Tanah dan Galian Perak,PTG/PK/2026/114`,
    ].join('\n')

    const response = await upload(client, token, '/api/lots/import', csv)

    response.assertStatus(422)
    assert.deepEqual(response.body().errors, [
      { field: 'rows.2.bumiReleasedAt', message: 'Row 2: The release date cannot be in the future' },
      {
        field: 'rows.3.bumiReleasedAt',
        message: 'Row 3: The release date is required with the authority and reference',
      },
      {
        field: 'rows.3.bumiReleaseReference',
        message: 'Row 3: The release reference is required with the release date and authority',
      },
      { field: 'rows.4.price', message: 'Row 4: Price cannot be negative' },
      {
        field: 'rows.5.price',
        message:
          "Row 5: The Price column sets the lot's own price, in whole ringgit: publish a price list for a price with sen.",
      },
      { field: 'rows.6.isBumiputeraLot', message: 'Row 6: Bumiputera Lot must be yes or no' },
    ])
    assert.deepEqual(await snapshot(development), before)
  })
})
