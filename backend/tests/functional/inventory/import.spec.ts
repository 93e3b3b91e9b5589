import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { Lot, serializeLot } from '#inventory'
import type { Role } from '#core/roles'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

const HEADER = 'lotNumber,unitNumber,type,typeCode,status,price,landSize,builtUpArea,title,phase'

function importCsv(client: ApiClient, token: string | null, csv: string, filename = 'lots.csv') {
  const request = client.post('/api/lots/import').file('file', Buffer.from(csv), { filename })
  if (token) request.bearerToken(token)
  return request
}

async function tokenAs(client: ApiClient, role: Role) {
  return bearerFor(client, await createUser({ role }))
}

async function hub() {
  const development = await createDevelopment({ slug: `aeroindustrial-${Date.now()}`, name: 'Aero Industrial Hub' })
  await createLot(development, { lotNumber: '1', unitNumber: 'MKS-01' })
  return development
}

const lotsOf = async (developmentId: number) => Lot.query().where('development_id', developmentId).orderBy('lot_number')

test.group('Inventory | CSV import of lots', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin imports every row of a valid file, with the lot form rules', async ({ client, assert }) => {
    const development = await hub()
    const csv = [
      `${HEADER},propertyId,spaPrice`,
      `30,MKS-30,CORNER (A),a,Available,"RM 650,000",201,268,PT 54130,4,${development.id},"RM 650,000"`,
      `31,MKS-31,INTERMEDIATE (B),B,reserved,470000,,242,PT 54131,4,${development.id},`,
      '',
    ].join('\n')

    const response = await importCsv(client, await tokenAs(client, 'super_admin'), csv)

    response.assertStatus(200)
    assert.deepEqual(response.body().summary, { rows: 2, create: 2, update: 0, unchanged: 0, error: 0 })
    assert.equal(response.body().message, 'Import complete: 2 lots created, 0 updated, 0 unchanged.')
    const stored = await lotsOf(development.id)
    assert.deepEqual(
      stored.map((lot) => lot.lotNumber),
      ['1', '30', '31']
    )
    assert.deepEqual(
      response.body().rows.map((row: { lotId: number }) => row.lotId),
      [stored[1].id, stored[2].id]
    )
    assert.containSubset(stored.slice(1).map(serializeLot), [
      {
        lotNumber: '30',
        unitNumber: 'MKS-30',
        typeCode: 'A',
        status: 'available',
        price: 650000,
        landSize: 201,
        builtUpArea: 268,
        spaPrice: 'RM 650,000',
      },
      { lotNumber: '31', unitNumber: 'MKS-31', typeCode: 'B', status: 'reserved', price: 470000, landSize: 186 },
    ])
    assert.equal(stored[1].title, 'PT 54130')
    assert.equal(stored[1].phase, 4)
  })

  test('an admin may import too; without propertyId the lots join the first active development', async ({
    client,
    assert,
  }) => {
    await createDevelopment()
    const first = await Lot.query().count('* as total')
    const response = await importCsv(
      client,
      await tokenAs(client, 'admin'),
      `lotNumber,type,status\nW-1,Warehouse,available\n`
    )
    response.assertStatus(200)
    const after = await Lot.query().count('* as total')
    assert.equal(Number(after[0].$extras.total), Number(first[0].$extras.total) + 1)
  })

  test('rejected rows are listed by line with their field messages, and nothing is imported', async ({
    client,
    assert,
  }) => {
    const development = await hub()
    const csv = [
      `${HEADER},propertyId`,
      `40,MKS-40,INTERMEDIATE (B),B,available,468000,186,242,PT 54140,4,${development.id}`,
      `41,MKS-41,,B,available,lots,186,242,PT 54141,4,${development.id}`,
      `42,MKS-42,END LOT (C),C,available,538000,186,242,PT 54142,4,${development.id}`,
      `43,MKS-43,END LOT (C),Z,gone,538000,-5,242,PT 54143,four,${development.id}`,
    ].join('\n')

    const response = await importCsv(client, await tokenAs(client, 'super_admin'), csv)

    response.assertStatus(422)
    assert.equal(response.body().message, 'No lots were imported: 2 rows of 4 have errors.')
    const rows = response.body().rows as Array<{
      row: number
      lotNumber: string
      errors: Array<{ field: string; message: string }>
    }>
    assert.deepEqual(
      rows.map((row) => row.row),
      [3, 5]
    )
    assert.deepEqual(
      rows.map((row) => row.lotNumber),
      ['41', '43']
    )
    assert.sameDeepMembers(rows[0].errors, [
      { field: 'type', message: 'Type is required' },
      { field: 'price', message: 'Price must be a number' },
    ])
    assert.includeMembers(
      rows[1].errors.map((error) => error.field),
      ['typeCode', 'status', 'landSize', 'phase']
    )
    assert.deepInclude(response.body().errors, { field: 'rows.3.type', message: 'Row 3: Type is required' })
    assert.deepEqual(
      (await lotsOf(development.id)).map((lot) => lot.lotNumber),
      ['1']
    )
  })

  test('a lot number on record is that lot; repeated in the file, or in an unknown property, it rejects its row', async ({
    client,
    assert,
  }) => {
    const development = await hub()
    const csv = [
      'lotNumber,type,status,propertyId',
      `1,INTERMEDIATE (B),available,${development.id}`,
      `50,INTERMEDIATE (B),available,${development.id}`,
      `50,INTERMEDIATE (B),available,${development.id}`,
      `51,INTERMEDIATE (B),available,999999`,
    ].join('\r\n')

    const response = await importCsv(client, await tokenAs(client, 'super_admin'), csv)

    response.assertStatus(422)
    assert.deepEqual(
      response.body().rows.map(({ row, lotNumber, errors }: { row: number; lotNumber: string; errors: unknown }) => ({
        row,
        lotNumber,
        errors,
      })),
      [
        {
          row: 4,
          lotNumber: '50',
          errors: [{ field: 'lotNumber', message: 'Lot number 50 is already on row 3 of this file.' }],
        },
        { row: 5, lotNumber: '51', errors: [{ field: 'propertyId', message: 'Property not found' }] },
      ]
    )
    assert.deepEqual(response.body().summary, { rows: 4, create: 1, update: 0, unchanged: 1, error: 2 })
    assert.deepEqual(
      (await lotsOf(development.id)).map((lot) => lot.lotNumber),
      ['1']
    )
  })

  test('the file itself is checked: {name}')
    .with([
      { name: 'no file', csv: null, message: 'Please choose a CSV file to import' },
      {
        name: 'not a CSV',
        csv: 'lotNumber,type,status\n1,A,available',
        filename: 'lots.xlsx',
        message: 'Please choose a CSV file (.csv)',
      },
      {
        name: 'unknown column',
        csv: 'lotNumber,type,status,colour\n1,A,available,red',
        message: /Unknown column "colour"\. The columns are: Unit Number, Lot Number, /,
      },
      {
        name: 'missing column',
        csv: 'type,status\nFactory,available',
        message: 'The header row must name the column Lot Number.',
      },
      {
        name: 'repeated column',
        csv: 'Lot Number,lotNumber,type\n1,1,Factory',
        message: 'The column "Lot Number" appears twice in the header row.',
      },
      { name: 'header only', csv: 'lotNumber,type,status\n', message: 'The file has no lots to import.' },
      { name: 'broken quoting', csv: 'lotNumber,type,status\n"1,A,available', message: /not a valid CSV/ },
    ])
    .run(async ({ client, assert }, { csv, filename, message }) => {
      const token = await tokenAs(client, 'super_admin')
      const before = await Lot.query().count('* as total')
      const response =
        csv === null
          ? await client.post('/api/lots/import').bearerToken(token).json({})
          : await importCsv(client, token, csv, filename)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'file')
      if (typeof message === 'string') assert.equal(response.body().message, message)
      else assert.match(response.body().message, message)
      const after = await Lot.query().count('* as total')
      assert.equal(after[0].$extras.total, before[0].$extras.total)
    })

  test('{$self} cannot import lots')
    .with(['user', 'agent_admin'] as const)
    .run(async ({ client, assert }, role) => {
      const development = await hub()
      const response = await importCsv(
        client,
        await tokenAs(client, role),
        `lotNumber,type,status,propertyId\n60,Warehouse,available,${development.id}\n`
      )
      response.assertStatus(403)
      assert.equal(response.body().message, 'Only super admins can manage lots.')
      assert.deepEqual(
        (await lotsOf(development.id)).map((lot) => lot.lotNumber),
        ['1']
      )
    })

  test('anonymous is 401', async ({ client, assert }) => {
    const development = await hub()
    const response = await importCsv(
      client,
      null,
      `lotNumber,type,status,propertyId\n61,Warehouse,available,${development.id}\n`
    )
    response.assertStatus(401)
    assert.deepEqual(
      (await lotsOf(development.id)).map((lot) => lot.lotNumber),
      ['1']
    )
  })
})
