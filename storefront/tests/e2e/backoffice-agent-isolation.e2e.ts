import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { NILAI, agencyIdByName, applicant, freshUser, highestAvailableLot } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')
const OTHER_AGENCY = 'Seremban Land Agency'

interface BookingRecord {
  id: number
  agencyId: number | null
  user: { name: string } | null
}

/**
 * Another agency's world, made as its people would: a fresh agent admin of Seremban Land
 * Agency (assigned by the super admin), a booking they make for a client, an approved member,
 * and a pending membership request.
 */
async function otherAgency() {
  const agencyId = await agencyIdByName(baseURL, OTHER_AGENCY)
  const admin = await Api.signIn(baseURL, SUPER_ADMIN)
  const otherAgent = await freshUser(baseURL, 'Seremban Agent')
  await admin.call('POST', `/api/agencies/${agencyId}/agent-admins`, { userId: otherAgent.id })

  const client = await freshUser(baseURL, 'Seremban Client')
  const lot = await highestAvailableLot(baseURL)
  const booking = await otherAgent.api.call<BookingRecord>('POST', '/api/bookings', {
    userId: client.id,
    lotId: lot.id,
    notes: 'Isolation journey',
    consent: true,
  })
  expect(booking.agencyId).toBe(agencyId)

  const member = await applicant(baseURL, 'Seremban Member', OTHER_AGENCY)
  await otherAgent.api.call('PUT', `/api/users/${member.id}/agency-request/approve`, {})
  const waiting = await applicant(baseURL, 'Seremban Applicant', OTHER_AGENCY, 'Hoping to join Seremban.')
  return { agencyId, admin, booking, client, member, waiting }
}

describe('an agent admin sees and acts on their own agency only', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it("neither shows nor lets them act on another agency's bookings, people or requests", async () => {
    const { page, context } = session
    const other = await otherAgency()
    const nilaiId = await agencyIdByName(baseURL, NILAI)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)

    // The API refuses every reach into the other agency.
    const refusals = await Promise.all([
      agent.send('GET', `/api/bookings/${other.booking.id}`),
      agent.send('PUT', `/api/bookings/${other.booking.id}/agent-response`, { action: 'approve' }),
      agent.send('GET', `/api/uploads/documents/${other.booking.id}`),
      agent.send('GET', `/api/agencies/${other.agencyId}/users`),
      agent.send('DELETE', `/api/agencies/${other.agencyId}/users/${other.member.id}`),
      agent.send('PUT', `/api/users/${other.waiting.id}/agency-request/approve`, {}),
      agent.send('PUT', `/api/users/${other.waiting.id}/agency-request/reject`, {}),
    ])
    expect(refusals.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403])
    expect((await other.waiting.api.call<{ agencyStatus: string }>('GET', '/api/users/me')).agencyStatus).toBe(
      'pending'
    )
    expect((await other.member.api.call<{ agencyStatus: string }>('GET', '/api/users/me')).agencyStatus).toBe(
      'approved'
    )

    // What the screens read is their agency's alone.
    const bookings = await agent.call<BookingRecord[]>(
      'GET',
      `/api/bookings/agent?range=${encodeURIComponent('[0,99]')}`
    )
    expect(bookings.length).toBeGreaterThan(0)
    expect(bookings.every((booking) => booking.agencyId === nilaiId)).toBe(true)
    const requests = await agent.call<Array<{ agencyId: number }>>('GET', '/api/users/agency-requests?status=all')
    expect(requests.every((request) => request.agencyId === nilaiId)).toBe(true)

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/agent/booking-requests')
    await page.getByRole('tab', { name: 'All Requests', selected: true }).waitFor()
    await page.getByRole('row').nth(1).waitFor()
    expect(await page.getByRole('row').filter({ hasText: other.client.name }).count()).toBe(0)

    await openBackoffice(page, baseURL, '/agent/agency-requests')
    await page.getByRole('tab', { name: 'All Requests' }).click()
    await page.getByRole('row').nth(1).waitFor()
    expect(await page.getByRole('row').filter({ hasText: other.waiting.email }).count()).toBe(0)
    expect(await page.getByRole('row').filter({ hasText: other.member.email }).count()).toBe(0)

    await openBackoffice(page, baseURL, '/?tab=agency-users')
    const users = page.getByRole('region', { name: 'Agency Users' })
    await users.getByRole('row', { name: /agent@aero-demo\.my/ }).waitFor()
    expect(await users.getByRole('row').filter({ hasText: other.member.email }).count()).toBe(0)

    // The super admin's screens are not theirs.
    await openBackoffice(page, baseURL, `/admin/agencies/${other.agencyId}`)
    await page.getByText('Access denied. Admin privileges required.').waitFor()
    await openBackoffice(page, baseURL, '/admin/bookings')
    await page.getByText('Access denied. Admin privileges required.').waitFor()

    // The other agency's booking goes back, so its lot is free for the journeys after this one.
    await other.admin.call('PUT', `/api/bookings/${other.booking.id}/status-update`, {
      status: 'rejected',
      message: 'Journey clean-up',
    })
  })
})
