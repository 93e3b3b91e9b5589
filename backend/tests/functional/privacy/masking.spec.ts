import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { Booking } from '#bookings'
import type { User } from '#identity'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'

const EMAIL = 'daniel.tan@aero-demo.my'
const PHONE = '+60 12-345 6789'
const MASKED_EMAIL = 'd•••@aero-demo.my'
const MASKED_PHONE = '+60 1•-••• 6789'

type Listed = {
  id: number
  creatorEmail: string | null
  creatorPhone: string | null
  contactPhone: string | null
  user: { email: string; phone: string | null } | null
}

async function setup() {
  const world = await bookingWorld()
  world.memberA.merge({ email: EMAIL, phone: PHONE })
  await world.memberA.save()
  const development = await createDevelopment()
  const lot = await createLot(development, { status: 'reserved' })
  const booking = await Booking.create({
    lotId: lot.id,
    activeLotId: lot.id,
    userId: world.memberA.id,
    createdById: world.memberA.id,
    createdBy: 'user',
    agencyId: world.agencyA.id,
    status: 'pending_admin',
    creatorName: world.memberA.name,
    creatorEmail: EMAIL,
    creatorPhone: PHONE,
    contactPhone: PHONE,
  })
  return { world, booking }
}

async function listed(client: ApiClient, user: User, path: string, bookingId: number): Promise<Listed> {
  const response = await client.get(path).bearerToken(await bearerFor(client, user))
  response.assertStatus(200)
  return (response.body() as Listed[]).find((row) => row.id === bookingId)!
}

function assertMasked(assert: { containSubset: (a: unknown, b: unknown) => void }, row: Listed) {
  assert.containSubset(row, {
    creatorEmail: MASKED_EMAIL,
    creatorPhone: MASKED_PHONE,
    contactPhone: MASKED_PHONE,
    user: { email: MASKED_EMAIL, phone: MASKED_PHONE },
  })
}

function assertFull(assert: { containSubset: (a: unknown, b: unknown) => void }, row: Listed) {
  assert.containSubset(row, {
    creatorEmail: EMAIL,
    creatorPhone: PHONE,
    contactPhone: PHONE,
    user: { email: EMAIL, phone: PHONE },
  })
}

test.group('Privacy | contact details masked in staff lists, full on details', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("agent admins' request lists mask the requester's email and phone", async ({ client, assert }) => {
    const { world, booking } = await setup()
    assertMasked(assert, await listed(client, world.agentA, '/api/bookings/agent', booking.id))
    assertMasked(assert, await listed(client, world.agentA, '/api/bookings', booking.id))
  })

  test("the super admins' all-bookings and approval lists mask them too", async ({ client, assert }) => {
    const { world, booking } = await setup()
    for (const admin of [world.superAdmin, world.admin]) {
      assertMasked(assert, await listed(client, admin, '/api/bookings/admin', booking.id))
      assertMasked(assert, await listed(client, admin, '/api/bookings', booking.id))
    }
  })

  test('the details screen shows full values to the roles allowed, and to nobody else', async ({ client, assert }) => {
    const { world, booking } = await setup()
    for (const reader of [world.agentA, world.superAdmin, world.admin, world.memberA]) {
      const response = await client.get(`/api/bookings/${booking.id}`).bearerToken(await bearerFor(client, reader))
      response.assertStatus(200)
      assertFull(assert, response.body())
    }
    for (const stranger of [world.agentB, world.memberB, world.otherMemberA]) {
      const response = await client.get(`/api/bookings/${booking.id}`).bearerToken(await bearerFor(client, stranger))
      response.assertStatus(403)
      assert.notInclude(JSON.stringify(response.body()), EMAIL)
    }
  })

  test('a person sees their own bookings unmasked', async ({ client, assert }) => {
    const { world, booking } = await setup()
    assertFull(assert, await listed(client, world.memberA, '/api/bookings/user', booking.id))
    assertFull(assert, await listed(client, world.memberA, '/api/bookings', booking.id))
  })
})
