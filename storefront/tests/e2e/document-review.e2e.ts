import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowserWithoutScripts, releaseBookings } from './account-support.ts'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api } from './backoffice-admin-support.ts'
import { FRESH_PASSWORD, approvedMember } from './backoffice-agent-support.ts'
import { documentFiles, highestAvailableLot } from './public-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>
type ReviewEntry = { documentType: string; documentId: number | null; status: string; reason: string | null }
type Booking = { id: number; lotId: number; status: string; documentReview: ReviewEntry[] }

/** Signs the browser in as a fresh member (the session cookie the storefront reads). */
async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password: FRESH_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`)
}

/** A cheque big enough for its upload to take a while on a slow line: a PDF header and 384 kB that do not compress. */
function largeCheque(dir: string): string {
  const path = join(dir, 'cheque-again.pdf')
  writeFileSync(path, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(384 * 1024), Buffer.from('\n%%EOF\n')]))
  return path
}

/** A document's line in the booking details, found by its label. */
const documentItem = (details: Locator, page: Page, label: string) =>
  details
    .locator('li.document-review')
    .filter({ has: page.locator('strong', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })

const historyLines = (details: Locator) => details.locator('.status-history__change').allTextContents()

/**
 * Per-document review from the member's side: they request a lot with their
 * documents, the agent admin rejects the cheque with a reason, the member finds the rejection
 * in My Bookings, uploads the cheque again with a progress bar, and sees it pending review with
 * both steps in the booking's history. Then the same without JavaScript, as a plain form post.
 *
 * The reviewer's step goes through the API as the agent admin (PUT
 * /api/bookings/:id/documents/:documentId/review): the backoffice's review screen has its own journey.
 */
describe('document review in real browsers', () => {
  const sessions: Session[] = []
  let files: ReturnType<typeof documentFiles>

  beforeEach(() => {
    sessions.length = 0
    files = documentFiles()
  })

  afterEach(async () => {
    for (const session of sessions) await session.close()
    files.cleanup()
  })

  it('the member sees the rejected cheque and why, uploads it again with a progress bar, and it is pending again', async () => {
    const member = await approvedMember(baseURL, 'Review Member')
    const lot = await highestAvailableLot(baseURL)
    const session = await openBrowser()
    sessions.push(session)
    const { page } = session
    await signInAs(session.context, member.email)

    // The member requests the lot from its lot-type page, with the cheque and both IC sides.
    await page.goto(`${baseURL}/properties/aeroindustrial/type/${lot.typeCode}?lot=${lot.id}`)
    const row = page
      .locator('.lot-table tbody tr')
      .filter({ has: page.getByRole('link', { name: new RegExp(`^${lot.unitNumber}`) }) })
    await row.getByRole('link', { name: /^Book Now/ }).click()
    const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
    // A fresh account has no phone number yet: the form asks for one.
    await dialog.getByLabel(/^Phone/).fill('+60 12-345 6789')
    await dialog.getByLabel(/^Payment cheque/).setInputFiles(files.cheque)
    await dialog.getByLabel(/^IC front/).setInputFiles(files.icFront)
    await dialog.getByLabel(/^IC back/).setInputFiles(files.icBack)
    await dialog.getByRole('checkbox', { name: /consent/ }).check()
    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    await page.getByRole('status').getByText('Booking request submitted successfully!').waitFor()

    const mine = await member.api.call<Booking[]>('GET', '/api/bookings/user')
    const booking = mine.find((candidate) => candidate.lotId === lot.id)!
    expect(booking.status).toBe('pending_agent')
    expect(booking.documentReview.map((entry) => [entry.documentType, entry.status])).toEqual([
      ['cheque', 'pending'],
      ['ic_front', 'pending'],
      ['ic_back', 'pending'],
    ])
    const documentOf = (type: string) => booking.documentReview.find((entry) => entry.documentType === type)!.documentId

    // The agent admin of the member's agency rejects the cheque with a reason and accepts the IC front.
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    await agent.call('PUT', `/api/bookings/${booking.id}/documents/${documentOf('cheque')}/review`, {
      status: 'rejected',
      reason: 'Amount unreadable',
    })
    await agent.call('PUT', `/api/bookings/${booking.id}/documents/${documentOf('ic_front')}/review`, {
      status: 'accepted',
    })

    // My Bookings says so at a glance, and the booking's details say which document and why.
    await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    const myRow = page.getByRole('row').filter({ hasText: lot.unitNumber })
    await myRow.getByText('Document rejected').waitFor()
    await myRow.getByRole('link', { name: /^View/ }).click()
    const details = page.getByRole('dialog', { name: 'Booking Details' })
    const cheque = documentItem(details, page, 'Payment cheque')
    await cheque.getByText('Rejected', { exact: true }).waitFor()
    await cheque.getByText('Reason: Amount unreadable').waitFor()
    await cheque.getByText(/^Rejected by Farid Hassan on /).waitFor()
    await documentItem(details, page, 'IC front').getByText('Accepted', { exact: true }).waitFor()
    await documentItem(details, page, 'IC back').getByText('Pending review').waitFor()
    await details.getByText(/^The payment cheque was rejected \(Amount unreadable\)\./).waitFor()
    expect(await historyLines(details)).toEqual(
      expect.arrayContaining(['Payment cheque rejected: Amount unreadable', 'IC (front) accepted'])
    )
    // Only the rejected one can be uploaded again.
    expect(await details.getByRole('button', { name: /^Upload again/ }).count()).toBe(1)

    // On a slow line the upload shows its progress.
    const cdp = await session.context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 96 * 1024,
    })
    const form = details.getByRole('form', { name: 'Upload the payment cheque again' })
    await form.getByLabel(/^New payment cheque/).setInputFiles(largeCheque(files.cheque.replace(/\/[^/]+$/, '')))
    await form.getByText('cheque-again.pdf').waitFor()
    await form.getByRole('button', { name: /^Upload again/ }).click()
    const bar = form.getByRole('progressbar', { name: /^Uploading the document/ })
    await bar.waitFor()
    await expect
      .poll(async () => Number((await bar.getAttribute('value')) ?? 0), { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(0)
    expect(await form.getByRole('button', { name: /^Uploading…/ }).isDisabled()).toBe(true)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    await details
      .getByRole('status')
      .getByText('Document uploaded. It will be reviewed again.')
      .waitFor({ timeout: 30_000 })
    await cheque.getByText('Pending review').waitFor()
    await cheque.getByText('cheque-again.pdf').first().waitFor()
    expect(await details.getByRole('button', { name: /^Upload again/ }).count()).toBe(0)
    // The rejected cheque stays on record, with its review.
    await details.getByText('Earlier uploads (1)').click()
    await details.locator('.document-review__earlier').getByText('Reason: Amount unreadable').waitFor()
    expect(await historyLines(details)).toEqual(
      expect.arrayContaining(['Payment cheque rejected: Amount unreadable', 'Payment cheque uploaded again'])
    )
    await details.getByRole('link', { name: /Close/ }).first().click()
    await myRow.getByText('Pending Agency Approval').waitFor()
    expect(await myRow.getByText('Document rejected').count()).toBe(0)

    // The backend agrees: the new cheque waits for its review, the old one keeps its rejection.
    const [after] = (await member.api.call<Booking[]>('GET', '/api/bookings/user')).filter(
      (candidate) => candidate.id === booking.id
    )
    const newCheque = after!.documentReview.find((entry) => entry.documentType === 'cheque')!
    expect(newCheque.status).toBe('pending')
    expect(newCheque.documentId).not.toBe(documentOf('cheque'))

    // Without JavaScript: the agent rejects the IC back; the member uploads it again as a plain form post.
    await agent.call('PUT', `/api/bookings/${booking.id}/documents/${documentOf('ic_back')}/review`, {
      status: 'rejected',
      reason: 'The photo is too dark',
    })
    const plain = await openBrowserWithoutScripts()
    sessions.push(plain)
    await signInAs(plain.context, member.email)
    await plain.page.goto(`${baseURL}/enhanced-dashboard?tab=bookings&booking=${booking.id}`)
    const plainDetails = plain.page.getByRole('dialog', { name: 'Booking Details' })
    const back = documentItem(plainDetails, plain.page, 'IC back')
    await back.getByText('Reason: The photo is too dark').waitFor()
    const backForm = plainDetails.getByRole('form', { name: 'Upload the IC back again' })
    await backForm.getByLabel(/^New IC back/).setInputFiles(files.icBack)
    await backForm.getByRole('button', { name: /^Upload again/ }).click()
    await plainDetails.getByText('Document uploaded. It will be reviewed again.').waitFor()
    await back.getByText('Pending review').waitFor()
    expect(await historyLines(plainDetails)).toEqual(
      expect.arrayContaining(['IC (back) rejected: The photo is too dark', 'IC (back) uploaded again'])
    )
    await releaseBookings(baseURL, [booking.id])
  })
})
