import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiRequest, ApiResponse } from '@japa/api-client'
import { User } from '#identity'
import type { Agency } from '#agencies'
import AgencyMembershipRequest, { type MembershipRequestStatus } from '#agencies/models/agency_membership_request'
import { sqlDateTime } from '#core/dates'
import { createAgency, createUser } from '#tests/helpers/identity'

let sequence = 0

/** A bearer token straight from the token provider: the sign-in endpoint has its own tests. */
export async function tokenFor(user: User): Promise<string> {
  const token = await User.accessTokens.create(user, ['*'], { name: 'test' })
  return token.value!.release()
}

/** Sends the request as `user`, or anonymously for null. */
export async function send(user: User | null, request: ApiRequest): Promise<ApiResponse> {
  if (user) request.bearerToken(await tokenFor(user))
  return await request
}

export async function createMembershipRequest(
  user: User,
  agency: Agency,
  attributes: Partial<AgencyMembershipRequest> & { status?: MembershipRequestStatus } = {}
) {
  return AgencyMembershipRequest.create({
    userId: user.id,
    agencyId: agency.id,
    position: 'Member',
    message: 'Requesting agency membership',
    status: 'pending',
    ...attributes,
  })
}

/** A user with a pending request for `agency`, as the request endpoint leaves them. */
export async function createApplicant(agency: Agency, attributes: Partial<User> = {}) {
  const user = await createUser({
    agencyId: agency.id,
    agencyStatus: 'pending',
    agencyRequestDate: DateTime.utc(),
    agencyRequestMessage: 'Please let me in',
    ...attributes,
  })
  const request = await createMembershipRequest(user, agency, { message: 'Please let me in' })
  return { user, request }
}

/**
 * The cast of every agencies test: agencies A and B and one person of each kind.
 * `memberA` joined A through an approved request; `pendingUser` waits for A.
 */
export async function agencyWorld() {
  sequence += 1
  const agencyA = await createAgency({ name: `Agency A ${sequence} ${Date.now()}` })
  const agencyB = await createAgency({ name: `Agency B ${sequence} ${Date.now()}` })
  const memberA = await createUser({ agencyId: agencyA.id, agencyStatus: 'approved', agencyStatusDate: DateTime.utc() })
  await createMembershipRequest(memberA, agencyA, { status: 'approved', decidedAt: DateTime.utc() })
  const agentA = await createUser({
    role: 'agent_admin',
    agencyId: agencyA.id,
    agencyStatus: 'approved',
    position: 'Agent Admin',
  })
  return {
    agencyA,
    agencyB,
    plainUser: await createUser(),
    pendingUser: (await createApplicant(agencyA)).user,
    memberA,
    memberB: await createUser({ agencyId: agencyB.id, agencyStatus: 'approved' }),
    agentA,
    agentB: await createUser({
      role: 'agent_admin',
      agencyId: agencyB.id,
      agencyStatus: 'approved',
      position: 'Agent Admin',
    }),
    superAdmin: await createUser({ role: 'super_admin' }),
    admin: await createUser({ role: 'admin' }),
  }
}

export type AgencyWorld = Awaited<ReturnType<typeof agencyWorld>>
export type Actor = Exclude<keyof AgencyWorld, 'agencyA' | 'agencyB'> | 'anonymous'

export function actor(world: AgencyWorld, name: Actor): User | null {
  return name === 'anonymous' ? null : world[name]
}

/**
 * A booking linked to an agency, written straight to the tables (the bookings module
 * has its own tests): only the agency link matters here.
 */
export async function insertBooking(agencyId: number | null, userId: number | null) {
  sequence += 1
  const now = sqlDateTime()
  const [developmentId] = await db.table('developments').insert({
    slug: `agency-test-${sequence}-${Date.now()}`,
    name: 'Test development',
    property_type: 'Shop Lot',
    is_active: true,
    created_at: now,
    updated_at: now,
  })
  const [lotId] = await db.table('lots').insert({
    development_id: developmentId,
    kind: 'lot',
    lot_number: `T-${sequence}`,
    type: 'INTERMEDIATE (B)',
    status: 'reserved',
    created_at: now,
    updated_at: now,
  })
  const [bookingId] = await db.table('bookings').insert({
    lot_id: lotId,
    active_lot_id: lotId,
    user_id: userId,
    created_by_id: userId,
    agency_id: agencyId,
    status: 'pending_agent',
    creator_name: 'Snapshot Name',
    creator_email: 'snapshot@example.my',
    created_at: now,
    updated_at: now,
  })
  return Number(bookingId)
}
