import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { AgentProperty } from '#portfolio'
import PriceListVersion from '#inventory/models/price_list_version'
import AgentPropertyImage from '#portfolio/models/agent_property_image'
import { send } from '#tests/helpers/agencies'
import {
  type Actor,
  actorOf,
  addToCatalogue,
  createEntry,
  ownLot,
  portfolioWorld,
  publicFileCount,
  usesFakePublicDisk,
} from '#tests/helpers/portfolio'

const ONLY_AGENT_ADMINS = 'Access denied. Only agent admins can view properties.'
const SELECT_OWNED = 'Please select a property from your owned properties.'

async function entryCount() {
  const [row] = await AgentProperty.query().count('* as total')
  return Number(row.$extras.total)
}

async function imageCount() {
  const [row] = await AgentPropertyImage.query().count('* as total')
  return Number(row.$extras.total)
}

test.group('Portfolio | POST /api/agent-properties/create-manual', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  usesFakePublicDisk(group)

  test('an agent admin adds an owned lot: defaults from the lot, WebP card and large sizes stored', async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const lot = await world.lot({
      name: 'Aero Industrial Hub Shop Lot MKS-18',
      unitNumber: 'MKS-18',
      lotNumber: '18',
      price: 486_000,
      landSizeSqm: 186,
      builtUpSqm: 242,
    })
    const ownedAt = DateTime.utc(2025, 3, 14, 9, 30)
    const booking = await ownLot(world.agentA, lot, 'approved', { ownedAt })

    const response = await addToCatalogue(
      client,
      world.agentA,
      { propertyId: lot.id, description: 'Facing the main road' },
      { hero: 'jpeg', gallery: ['png', 'webp'] }
    )
    response.assertStatus(201)
    assert.equal(response.body().message, 'Property added to catalogue successfully!')
    const property = response.body().property
    assert.containSubset(property, {
      displayName: 'Aero Industrial Hub Shop Lot MKS-18',
      description: 'Facing the main road',
      status: 'active',
      source: 'own',
      shareCount: 0,
      lastShared: null,
      lotId: lot.id,
      bookingId: booking.id,
      agencyId: world.agencyA.id,
      ownedBy: { id: world.agentA.id, name: world.agentA.name },
      marketingInfo: { askingPrice: 486_000 },
      lot: { unitNumber: 'MKS-18', lotNumber: '18', landSize: 186, builtUpArea: 242, price: 486_000 },
      propertyDetails: {
        lotNumber: 'MKS-18',
        propertyType: 'Shop Lot',
        landArea: 186,
        landAreaSqft: 2002,
        buildupArea: 242,
        buildupAreaSqft: 2605,
        price: 486_000,
        city: 'Nilai',
        state: 'Negeri Sembilan',
        postcode: '71800',
        address: 'Jalan Aero Industri, 71800 Nilai, Negeri Sembilan',
      },
    })
    assert.equal(property.id, property._id)
    assert.equal(DateTime.fromISO(property.dateOwned).toMillis(), ownedAt.toMillis())
    assert.equal(property.publicUrl, `${process.env.APP_URL}/agent-properties/${property.id}`)
    assert.match(property.heroImage.card, /^\/api\/agent-properties\/images\/\d+\/card$/)
    assert.lengthOf(property.gallery, 2)

    const images = await AgentPropertyImage.query().where('agent_property_id', property.id).orderBy('id')
    assert.deepEqual(
      images.map((image) => [image.kind, image.position, image.mimeType]),
      [
        ['hero', 0, 'image/webp'],
        ['gallery', 0, 'image/webp'],
        ['gallery', 1, 'image/webp'],
      ]
    )
    assert.deepEqual([images[0].width, images[0].height], [1200, 750])
    assert.equal(await publicFileCount(), 6)

    const card = await client.get(property.heroImage.card)
    card.assertStatus(200)
    assert.equal(card.headers()['content-type'], 'image/webp')
    assert.equal(card.headers()['cache-control'], 'public, max-age=31536000, immutable')
  })

  test('the dialog fields override the defaults; lists arrive as text or repeated fields; shareWithAgency makes it an agency entry', async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    await ownLot(world.agentA, lot, 'sold')
    const response = await addToCatalogue(client, world.agentA, {
      propertyId: lot.id,
      displayName: 'Corner shop office near KLIA',
      propertyType: 'Shop Office',
      lotNumber: 'PT 54118',
      lotSize: '201.5',
      builtUpArea: '268',
      price: '650000',
      pricePerSqft: '225',
      bedrooms: '0',
      bathrooms: '2',
      parking: '3',
      features: 'Corner unit, High ceiling, corner unit',
      amenities: ['Near KLIA', 'Near NSE'],
      address: '1 Jalan Aero 2',
      city: 'Bandar Baru Nilai',
      state: 'Negeri Sembilan',
      postcode: '71801',
      expectedROI: '6.5',
      rentalYield: '4.25',
      completionDate: '2026-06-30',
      shareWithAgency: 'true',
    })
    response.assertStatus(201)
    assert.containSubset(response.body().property, {
      displayName: 'Corner shop office near KLIA',
      status: 'sold',
      source: 'agency',
      marketingInfo: { askingPrice: 650_000 },
      propertyDetails: {
        propertyType: 'Shop Office',
        lotNumber: 'PT 54118',
        landArea: 201.5,
        buildupArea: 268,
        pricePerSqft: 225,
        bedrooms: 0,
        bathrooms: 2,
        parking: 3,
        features: ['Corner unit', 'High ceiling', 'corner unit'],
        amenities: ['Near KLIA', 'Near NSE'],
        address: '1 Jalan Aero 2',
        city: 'Bandar Baru Nilai',
        postcode: '71801',
        location: 'Bandar Baru Nilai, Negeri Sembilan',
        expectedROI: 6.5,
        rentalYield: 4.25,
        completionDate: '2026-06-30',
      },
    })
    assert.lengthOf(response.body().property.gallery, 0)
    assert.isNotNull(response.body().property.heroImage)
  })

  test("a member's request the agent approved makes the lot theirs; bookingId may name it", async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    const booking = await ownLot(world.agentA, lot, 'approved', { member: world.memberA })
    const response = await addToCatalogue(client, world.agentA, { bookingId: booking.id })
    response.assertStatus(201)
    assert.equal(response.body().property.lotId, lot.id)
    const mismatch = await addToCatalogue(client, world.agentA, { propertyId: lot.id, bookingId: booking.id + 1000 })
    mismatch.assertStatus(422)
  })

  test('{$self}: 403, nothing stored')
    .with(['plainUser', 'pendingUser', 'memberA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await portfolioWorld()
      const lot = await world.lot()
      await ownLot(world.agentA, lot)
      const response = await addToCatalogue(client, actorOf(world, name), { propertyId: lot.id })
      response.assertStatus(403)
      response.assertBody({ message: ONLY_AGENT_ADMINS })
      assert.equal(await entryCount(), 0)
      assert.equal(await publicFileCount(), 0)
    })

  test('anonymous: 401', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    await ownLot(world.agentA, lot)
    ;(await addToCatalogue(client, null, { propertyId: lot.id })).assertStatus(401)
    assert.equal(await entryCount(), 0)
  })

  test('{title}: 422 "Please select a property from your owned properties."')
    .with([
      { title: 'no property chosen', setup: 'none' },
      { title: 'an available lot', setup: 'available' },
      { title: 'a lot agent B owns', setup: 'otherAgent' },
      { title: 'a lot whose booking still waits for the admin', setup: 'pending' },
      { title: 'a lot whose booking was rejected', setup: 'rejected' },
      { title: 'an unknown lot', setup: 'unknown' },
      { title: 'a property id that is not a number', setup: 'text' },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      const lot = await world.lot()
      if (row.setup === 'otherAgent') await ownLot(world.agentB, lot)
      if (row.setup === 'pending') await ownLot(world.agentA, lot, 'pending_admin')
      if (row.setup === 'rejected') await ownLot(world.agentA, lot, 'rejected')
      const propertyId = { none: undefined, unknown: 999999, text: 'MKS-18' }[row.setup as string] ?? lot.id
      const response = await addToCatalogue(client, world.agentA, propertyId === undefined ? {} : { propertyId })
      response.assertStatus(422)
      assert.equal(response.body().message, SELECT_OWNED)
      assert.containSubset(response.body().errors, [{ field: 'propertyId', message: SELECT_OWNED }])
      assert.equal(await entryCount(), 0)
      assert.equal(await publicFileCount(), 0)
    })

  test('the hero image is required', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    await ownLot(world.agentA, lot)
    const response = await addToCatalogue(client, world.agentA, { propertyId: lot.id }, { gallery: ['jpeg'] })
    response.assertStatus(422)
    response.assertBody({
      message: 'Hero image is required',
      errors: [{ field: 'heroImage', message: 'Hero image is required' }],
    })
    assert.equal(await entryCount(), 0)
    assert.equal(await publicFileCount(), 0)
  })

  test('at most 10 gallery images', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    await ownLot(world.agentA, lot)
    const ten = await addToCatalogue(
      client,
      world.agentA,
      { propertyId: lot.id },
      { hero: 'png', gallery: Array(11).fill('png') }
    )
    ten.assertStatus(422)
    assert.containSubset(ten.body().errors, [
      { field: 'galleryImages', message: 'You can upload up to 10 gallery images' },
    ])
    assert.equal(await entryCount(), 0)
    assert.equal(await publicFileCount(), 0)

    const ok = await addToCatalogue(
      client,
      world.agentA,
      { propertyId: lot.id },
      { hero: 'png', gallery: Array(10).fill('png') }
    )
    ok.assertStatus(201)
    assert.lengthOf(ok.body().property.gallery, 10)
    assert.equal(await imageCount(), 11)
    assert.equal(await publicFileCount(), 22)
  })

  test('{title}: refused ({status}), nothing stored')
    .with([
      {
        title: 'an executable named .jpg as the hero',
        hero: 'disguised',
        gallery: [],
        status: 422,
        field: 'heroImage',
      },
      { title: 'an SVG as the hero', hero: 'svg', gallery: [], status: 422, field: 'heroImage' },
      { title: 'an SVG in the gallery', hero: 'jpeg', gallery: ['png', 'svg'], status: 422, field: 'galleryImages.1' },
      {
        title: 'a JPEG signature that does not decode',
        hero: 'jpeg',
        gallery: ['corrupt'],
        status: 422,
        field: 'galleryImages.0',
      },
      {
        title: 'an 8 KB PNG that decodes to 64 megapixels',
        hero: 'bomb',
        gallery: [],
        status: 422,
        field: 'heroImage',
      },
      { title: 'a hero over 8 MB', hero: 'oversize', gallery: [], status: 413, field: 'heroImage' },
      {
        title: 'a gallery image over 8 MB',
        hero: 'jpeg',
        gallery: ['webp', 'oversize'],
        status: 413,
        field: 'galleryImages.1',
      },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      const lot = await world.lot()
      await ownLot(world.agentA, lot)
      const response = await addToCatalogue(
        client,
        world.agentA,
        { propertyId: lot.id },
        { hero: row.hero, gallery: [...row.gallery] }
      )
      response.assertStatus(row.status)
      assert.isString(response.body().message)
      assert.equal(response.body().errors[0].field, row.field)
      assert.equal(await entryCount(), 0)
      assert.equal(await imageCount(), 0)
      assert.equal(await publicFileCount(), 0)
    })

  test('{title}: 422 with the field named, nothing stored')
    .with([
      { title: 'a negative price', fields: { price: '-5' }, field: 'price' },
      { title: 'a price in words', fields: { price: 'five hundred thousand' }, field: 'price' },
      { title: 'half a bedroom', fields: { bedrooms: '2.5' }, field: 'bedrooms' },
      {
        title: 'a completion date that is not a date',
        fields: { completionDate: '31/02/2026' },
        field: 'completionDate',
      },
      { title: 'a display name over 150 characters', fields: { displayName: 'x'.repeat(151) }, field: 'displayName' },
      { title: 'a yield with three decimals', fields: { rentalYield: '4.125' }, field: 'rentalYield' },
      { title: 'a feature list that is not a list', fields: { features: '[1, 2]' }, field: 'features' },
      {
        title: 'shareWithAgency that is not a boolean',
        fields: { shareWithAgency: 'perhaps' },
        field: 'shareWithAgency',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      const lot = await world.lot()
      await ownLot(world.agentA, lot)
      const response = await addToCatalogue(client, world.agentA, { propertyId: lot.id, ...row.fields })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, row.field)
      assert.equal(await entryCount(), 0)
      assert.equal(await publicFileCount(), 0)
    })

  test('the same lot twice: 409, and the second upload leaves no files', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    await ownLot(world.agentA, lot)
    ;(await addToCatalogue(client, world.agentA, { propertyId: lot.id })).assertStatus(201)
    const again = await addToCatalogue(client, world.agentA, { propertyId: lot.id }, { hero: 'jpeg', gallery: ['png'] })
    again.assertStatus(409)
    again.assertBody({ message: 'This property is already in your catalogue.' })
    assert.equal(await entryCount(), 1)
    assert.equal(await publicFileCount(), 2)
  })

  test('a lot booked through the real workflow becomes addable once the super admin approves it', async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const lot = await world.lot({ name: 'Workflow lot' })
    const created = await send(
      world.agentA,
      client
        .post('/api/bookings')
        .json({ userId: world.plainUser.id, lotId: lot.id, notes: 'For my client', consent: true })
    )
    created.assertStatus(201)

    const before = await send(world.agentA, client.get('/api/agent-properties/owned-properties'))
    assert.notInclude(
      before.body().map((option: { id: number }) => option.id),
      lot.id
    )
    ;(await addToCatalogue(client, world.agentA, { propertyId: lot.id })).assertStatus(422)

    await send(
      world.superAdmin,
      client.put(`/api/bookings/${created.body().id}/status-update`).json({ status: 'booked' })
    ).then((r) => r.assertStatus(200))
    const after = await send(world.agentA, client.get('/api/agent-properties/owned-properties'))
    assert.containSubset(after.body(), [{ id: lot.id, name: 'Workflow lot', status: 'active' }])
    ;(await addToCatalogue(client, world.agentA, { propertyId: lot.id })).assertStatus(201)
  })
})

test.group('Portfolio | GET /api/agent-properties/owned-properties', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  usesFakePublicDisk(group)

  test("a price list in force: the lot's option, a new entry's asking price and the lot beside it show that price", async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const lot = await world.lot({ name: 'Priced lot', price: 468_000 })
    await ownLot(world.agentA, lot, 'approved')
    const inForce = await PriceListVersion.create({
      developmentId: world.development.id,
      label: 'Launch list',
      effectiveAt: DateTime.utc().minus({ hours: 1 }).startOf('second'),
      publishedById: null,
      entryCount: 1,
    })
    await db.table('price_list_entries').insert({ version_id: inForce.id, lot_id: lot.id, price_sen: 45_990_000 })
    // Not in force yet: changes nothing.
    const later = await PriceListVersion.create({
      developmentId: world.development.id,
      label: 'Next list',
      effectiveAt: DateTime.utc().plus({ days: 1 }).startOf('second'),
      publishedById: null,
      entryCount: 1,
    })
    await db.table('price_list_entries').insert({ version_id: later.id, lot_id: lot.id, price_sen: 52_000_000 })

    const options = await send(world.agentA, client.get('/api/agent-properties/owned-properties'))
    assert.containSubset(options.body(), [{ id: lot.id, price: 459_900 }])

    const added = await addToCatalogue(client, world.agentA, { propertyId: lot.id }, { hero: 'jpeg', gallery: [] })
    added.assertStatus(201)
    assert.containSubset(added.body().property, {
      marketingInfo: { askingPrice: 459_900 },
      lot: { price: 459_900 },
    })
    const listed = await send(world.agentA, client.get('/api/agent-properties'))
    assert.containSubset(listed.body().data.properties, [{ lotId: lot.id, lot: { price: 459_900 } }])
  })

  test("the lots the agent's bookings made theirs and not yet in the catalogue", async ({ client, assert }) => {
    const world = await portfolioWorld()
    const booked = await world.lot({ name: 'Booked lot', price: 468_000 })
    const sold = await world.lot({ name: 'Sold lot', price: 628_000 })
    const approvedForMember = await world.lot({ name: 'Member lot', price: 500_000 })
    const listed = await world.lot({ name: 'Listed lot' })
    const waiting = await world.lot({ name: 'Waiting lot' })
    const rejected = await world.lot({ name: 'Rejected lot' })
    const agentBs = await world.lot({ name: 'Agent B lot' })
    await world.lot({ name: 'Available lot' })
    await ownLot(world.agentA, booked, 'approved')
    await ownLot(world.agentA, sold, 'sold')
    await ownLot(world.agentA, approvedForMember, 'confirmed', { member: world.memberA })
    await ownLot(world.agentA, listed, 'approved')
    await createEntry(world.agentA, listed)
    await ownLot(world.agentA, waiting, 'pending_admin')
    await ownLot(world.agentA, rejected, 'rejected')
    await ownLot(world.agentB, agentBs, 'approved')

    const response = await send(world.agentA, client.get('/api/agent-properties/owned-properties'))
    response.assertStatus(200)
    const byId = Object.fromEntries(response.body().map((option: { id: number }) => [option.id, option]))
    assert.sameMembers(Object.keys(byId).map(Number), [booked.id, sold.id, approvedForMember.id])
    assert.containSubset(byId[booked.id], {
      id: booked.id,
      _id: booked.id,
      name: 'Booked lot',
      price: 468_000,
      status: 'active',
    })
    assert.containSubset(byId[sold.id], { name: 'Sold lot', price: 628_000, status: 'sold' })
    assert.containSubset(byId[approvedForMember.id], { status: 'active' })

    const other = await send(world.agentB, client.get('/api/agent-properties/owned-properties'))
    assert.deepEqual(
      other.body().map((option: { id: number }) => option.id),
      [agentBs.id]
    )
  })

  test('{$self}: 403')
    .with(['plainUser', 'pendingUser', 'memberA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await portfolioWorld()
      const response = await send(actorOf(world, name), client.get('/api/agent-properties/owned-properties'))
      response.assertStatus(403)
      response.assertBody({ message: ONLY_AGENT_ADMINS })
    })

  test('anonymous: 401', async ({ client }) => {
    ;(await client.get('/api/agent-properties/owned-properties')).assertStatus(401)
  })
})
