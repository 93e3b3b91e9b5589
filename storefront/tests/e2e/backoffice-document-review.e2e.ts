import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { releaseBookings } from './account-support.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { approvedMember, highestAvailableLot, memberRequestsLot, pngBytes } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>

interface ReviewedBooking {
  id: number
  status: string
  documentReview: Array<{ documentType: string; documentId: number | null; status: string; reason: string | null }>
  documentsBlocking: string | null
}

const REASON = 'The photo is too dark to read.'
const BLOCK = `The IC (back) was rejected (${REASON}). It must be uploaded again before this booking can be forwarded.`

/**
 * Per-document review in the backoffice: the agent admin rejects one document
 * with a reason, cannot forward the booking while it stands rejected, accepts the documents once
 * the member has uploaded it again, and forwards; the super admin then finds them accepted and
 * books it.
 */
describe('documents reviewed one by one in real browsers', () => {
  const sessions: Session[] = []
  const open = async () => {
    const session = await openBrowser()
    sessions.push(session)
    return session
  }

  beforeEach(() => {
    sessions.length = 0
  })

  afterEach(async () => {
    for (const session of sessions) await session.close()
  })

  it('the agent rejects the IC back, cannot forward and is told why, accepts the new upload and forwards; the super admin books it', async () => {
    const member = await approvedMember(baseURL, 'Reviewed Member')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Both sides of my IC are attached.', true)
    expect(booking.status).toBe('pending_agent')
    const agentApi = await Api.signIn(baseURL, AGENT_ADMIN)

    // The agent admin opens the request (the link a notification gives) and rejects the IC back.
    const agent = await open()
    await signInBrowser(agent.context, baseURL, AGENT_ADMIN)
    await openBackoffice(agent.page, baseURL, `/agent/booking-requests?booking=${booking.id}`)
    let details = agent.page.getByRole('dialog', { name: /Booking Request Details/ })
    let identity = details.getByRole('region', { name: 'Identity Card (front/back)' })
    await identity.getByRole('img', { name: 'IC back preview' }).waitFor()
    expect(await identity.getByText('Pending review', { exact: true }).count()).toBe(2)
    await identity.getByRole('button', { name: 'Reject IC back', exact: true }).click()
    const reject = agent.page.getByRole('dialog', { name: 'Reject IC (back)' })
    await reject.getByRole('button', { name: 'Reject document', exact: true }).click()
    await reject.getByText('Please give the reason for rejecting this document.').waitFor()
    await reject.getByLabel(/Reason/).fill(REASON)
    await reject.getByRole('button', { name: 'Reject document', exact: true }).click()
    await agent.page.getByText('Document rejected.').first().waitFor()
    await reject.waitFor({ state: 'detached' })
    await identity.getByText(`Reason: ${REASON}`).waitFor()
    await identity.getByText('Rejected', { exact: true }).waitFor()
    await identity.getByText(/^By Farid Hassan, /).waitFor()
    expect(await identity.getByRole('button', { name: 'Reject IC back', exact: true }).count()).toBe(0)

    // The block is said above the decision, and the booking's history records the rejection.
    const block = details.getByRole('status', { name: 'Documents to resolve' })
    await block.getByText(BLOCK).waitFor()
    await details
      .getByRole('region', { name: 'Status History' })
      .getByText(`IC (back) rejected: ${REASON} (by Farid Hassan)`, { exact: false })
      .waitFor()

    // Approve (forwarding) cannot be pressed, as the backend answers it, and says why beside it.
    const approve = details.getByRole('button', { name: 'Approve', exact: true })
    await expect.poll(() => approve.isDisabled()).toBe(true)
    const describedBy = await approve.getAttribute('aria-describedby')
    expect(await details.locator(`[id="${describedBy}"]`).textContent()).toBe(BLOCK)
    expect(await details.getByRole('button', { name: 'Reject', exact: true }).isEnabled()).toBe(true)
    expect((await agentApi.call<ReviewedBooking>('GET', `/api/bookings/${booking.id}`)).status).toBe('pending_agent')

    // The member uploads the IC back again (their side of the journey is the storefront's).
    const before = await agentApi.call<ReviewedBooking>('GET', `/api/bookings/${booking.id}`)
    const rejected = before.documentReview.find((entry) => entry.documentType === 'ic_back')!
    expect(rejected).toMatchObject({ status: 'rejected', reason: REASON })
    const upload = new FormData()
    upload.set(
      'document',
      new Blob([new Uint8Array(pngBytes(64, 40, [240, 240, 240]))], { type: 'image/png' }),
      'ic-back-bright.png'
    )
    await member.api.call('POST', `/api/bookings/${booking.id}/documents/${rejected.documentId}/replace`, upload)

    // The agent admin reads the request again: the new IC back waits for review, the old one is kept.
    await openBackoffice(agent.page, baseURL, `/agent/booking-requests?booking=${booking.id}`)
    details = agent.page.getByRole('dialog', { name: /Booking Request Details/ })
    identity = details.getByRole('region', { name: 'Identity Card (front/back)' })
    await identity.getByText('ic-back-bright.png').waitFor()
    const earlier = identity.getByRole('list', { name: 'Earlier uploads' })
    await earlier.getByText(`Rejected: ${REASON}`, { exact: false }).waitFor()
    await details
      .getByRole('region', { name: 'Status History' })
      .getByText('IC (back) uploaded again', { exact: false })
      .waitFor()
    expect(await details.getByRole('status', { name: 'Documents to resolve' }).count()).toBe(0)

    // Accepts both sides, then forwards the request.
    for (const side of ['IC front', 'IC back']) {
      await identity.getByRole('button', { name: `Accept ${side}`, exact: true }).click()
      await identity.getByRole('button', { name: `Accept ${side}`, exact: true }).waitFor({ state: 'detached' })
    }
    expect(await identity.getByText('Accepted', { exact: true }).count()).toBe(2)
    await details.getByRole('button', { name: 'Approve', exact: true }).click()
    await agent.page.getByText('Booking request approved successfully').waitFor()
    expect((await agentApi.call<ReviewedBooking>('GET', `/api/bookings/${booking.id}`)).status).toBe('pending_admin')

    // The super admin finds the documents accepted, with their history, and books it.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, `/admin/bookings?booking=${booking.id}`)
    const adminDetails = developer.page.getByRole('dialog', { name: /Booking Request Details/ })
    const adminIdentity = adminDetails.getByRole('region', { name: 'Identity Card (front/back)' })
    await adminIdentity.getByText('ic-back-bright.png').waitFor()
    expect(await adminIdentity.getByText('Accepted', { exact: true }).count()).toBe(2)
    const history = adminDetails.getByRole('region', { name: 'Status History' })
    await history.getByText('IC (front) accepted (by Farid Hassan)', { exact: false }).waitFor()
    await history.getByText('IC (back) accepted (by Farid Hassan)', { exact: false }).waitFor()
    expect(await adminDetails.getByRole('status', { name: 'Documents to resolve' }).count()).toBe(0)
    await adminDetails.getByRole('button', { name: 'Process', exact: true }).click()
    const process = developer.page.getByRole('dialog', { name: 'Process Booking Request' })
    await process.getByRole('region', { name: 'Identity Card (front/back)' }).getByText('ic-back-bright.png').waitFor()
    await process.getByRole('radio', { name: /Booked/ }).check()
    await process.getByRole('button', { name: 'Submit', exact: true }).click()
    await developer.page.getByText('Booking confirmed and marked as booked. Lot status updated to booked.').waitFor()

    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const booked = await admin.call<ReviewedBooking>('GET', `/api/bookings/${booking.id}`)
    expect(booked.status).toBe('approved')
    expect(booked.documentReview.map((entry) => [entry.documentType, entry.status])).toEqual([
      ['ic_front', 'accepted'],
      ['ic_back', 'accepted'],
    ])
    await releaseBookings(baseURL, [booking.id])
  })
})
