import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openDatabase, releaseBookings } from './account-support.ts'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser, unique } from './backoffice-admin-support.ts'
import {
  FRESH_PASSWORD,
  approvedMember,
  choose,
  highestAvailableLot,
  memberRequestsLot,
  type FreshUser,
} from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>

/** The backend's folder: `node ace` runs there. */
const backendDir = fileURLToPath(new URL('../../../backend/', import.meta.url))

/** "Mar 05, 2026": the day as both apps print it (Malaysia's clock). */
const shownDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'Asia/Kuala_Lumpur' })
    .format(date)
    .replace(/\s/g, ' ')

/** Signs the browser in as a fresh account (the session cookie both apps read). */
async function signInAs(session: Session, user: FreshUser) {
  const login = await session.context.request.post(`${baseURL}/api/auth/login`, {
    data: { email: user.email, password: FRESH_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  expect(login.ok()).toBe(true)
}

/** My Bookings, the booking of `unit` opened in its details dialog. */
async function openMyBooking(page: Page, unit: string) {
  await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
  await page.getByRole('row').filter({ hasText: unit }).getByRole('link', { name: /View/ }).click()
  return page.getByRole('dialog', { name: 'Booking Details' })
}

/** The files of a ZIP (a stock unzip reads it, so the archive is whole). */
function zipListing(path: string): string[] {
  return execFileSync('unzip', ['-Z1', path]).toString().trim().split('\n')
}

/**
 * The daily retention run, on demand (`node ace documents:retention`), against this run's
 * database and document store, the way an operator runs it on a production instance.
 */
function runRetention(): string {
  const result = spawnSync('node', ['ace', 'documents:retention'], {
    cwd: backendDir,
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TZ: 'UTC',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      APP_KEY: randomBytes(32).toString('base64url'),
      // Deleting needs no key; production only insists that one is configured.
      DOCUMENTS_MASTER_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
      SESSION_DRIVER: 'database',
      DB_CONNECTION: 'mysql',
      MYSQL_HOST: process.env.MYSQL_HOST ?? '127.0.0.1',
      MYSQL_PORT: process.env.MYSQL_PORT ?? '3306',
      MYSQL_USER: process.env.MYSQL_USER ?? 'root',
      MYSQL_PASSWORD: process.env.MYSQL_PASSWORD ?? '',
      MYSQL_DB_NAME: process.env.E2E_DB_NAME ?? 'aero_e2e',
    },
  })
  if (result.status !== 0) throw new Error(`documents:retention failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** How many bookings the super admin's All Bookings counts (its Content-Range total). */
async function allBookingsTotal(admin: Api): Promise<number> {
  const response = await admin.send('GET', `/api/bookings/admin?range=${encodeURIComponent('[0,0]')}`)
  expect(response.status).toBe(200)
  return Number(response.headers.get('content-range')?.split('/')[1])
}

/**
 * A person's rights and the super admins' screens under the PDPA (docs/privacy.md):
 * the export and the deletion of an account, the document access log, the privacy notice and
 * its consent box, and retention, each through the real screens of both apps.
 */
describe('personal data in real browsers', () => {
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

  it('a member downloads their data, asks for deletion; the super admin confirms; the booking stays as an anonymous record', async () => {
    const member = await approvedMember(baseURL, 'Leaving Member')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Please keep my details safe.', true)
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const totalBefore = await allBookingsTotal(admin)

    // The profile's "Your data": one ZIP with data.json (their booking) and their documents.
    const person = await open()
    await signInAs(person, member)
    await person.page.goto(`${baseURL}/profile`)
    const card = person.page.getByRole('article', { name: 'Your data' })
    const [download] = await Promise.all([
      person.page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download my data (ZIP)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^aero-personal-data-${member.id}-.+\\.zip$`))
    const archive = (await download.path())!
    const names = zipListing(archive)
    expect(names).toContain('data.json')
    expect(names.filter((name) => name.startsWith(`documents/booking-${booking.id}/`))).toHaveLength(2)
    const data = JSON.parse(execFileSync('unzip', ['-p', archive, 'data.json']).toString()) as {
      profile: { id: number; email: string }
      bookings: Array<{ id: number; requestMessage: string; documents: Array<{ documentType: string }> }>
    }
    expect(data.profile).toMatchObject({ id: member.id, email: member.email })
    expect(data.bookings.map((entry) => entry.id)).toEqual([booking.id])
    expect(data.bookings[0]!.requestMessage).toBe('Please keep my details safe.')
    expect(data.bookings[0]!.documents.map((document) => document.documentType).sort()).toEqual(['ic_back', 'ic_front'])

    // Each document put in the ZIP is a read on the access log: the booking says they exported it.
    const mine = await openMyBooking(person.page, lot.unitNumber!)
    const accesses = mine.getByRole('region', { name: 'Who opened your documents' })
    for (const side of ['IC front', 'IC back']) {
      await accesses.getByText(`${member.name} (you) exported ${side} in a data export`).waitFor()
    }

    // Asking for the deletion: the box must be ticked; then the card says it is pending.
    await person.page.goto(`${baseURL}/profile`)
    await card.getByLabel('Reason (optional)').fill('I am moving abroad.')
    await card.getByRole('checkbox', { name: /cannot be undone/ }).check()
    await card.getByRole('button', { name: 'Ask to delete my account' }).click()
    await card
      .getByRole('status')
      .getByText(/You asked for your account to be deleted on/)
      .waitFor()

    // The super admin confirms it under Deletion Requests.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/admin/account-deletion-requests')
    const request = developer.page.getByRole('row').filter({ hasText: member.email })
    await request.getByText('I am moving abroad.').waitFor()
    await request.getByRole('button', { name: 'Confirm deletion' }).click()
    const confirm = developer.page.getByRole('dialog', { name: 'Delete this account?' })
    await confirm.getByText(member.email).waitFor()
    await confirm.getByRole('button', { name: 'Confirm deletion' }).click()
    await developer.page.getByText('The account has been anonymised and its documents deleted.').waitFor()
    await request.waitFor({ state: 'detached' })

    // The person is signed out everywhere and can no longer sign in.
    await person.page.goto(`${baseURL}/profile`)
    await person.page.waitForURL(/\/login/)
    await person.page.getByLabel('Email').fill(member.email)
    await person.page.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
    await person.page.getByRole('button', { name: 'Login', exact: true }).click()
    await person.page.getByText('Invalid credentials. Please try again.').waitFor()

    // The booking is still counted, as an anonymous record, its documents deleted.
    expect(await allBookingsTotal(admin)).toBe(totalBefore)
    await openBackoffice(developer.page, baseURL, '/admin/all-bookings')
    await developer.page.getByPlaceholder('Search client, email or unit').fill(lot.unitNumber!)
    // This member's booking of the lot (an earlier journey may have booked the same lot before).
    const row = developer.page
      .getByRole('row')
      .filter({ hasText: lot.unitNumber! })
      .filter({ hasText: `Deleted user #${member.id}` })
    // Client and Requested By both name the anonymised account.
    await row
      .getByRole('cell', { name: `Deleted user #${member.id}`, exact: true })
      .first()
      .waitFor()
    expect(await row.getByText(member.email).count()).toBe(0)
    await row.getByRole('button', { name: 'View Details' }).click()
    const details = developer.page.getByRole('dialog', { name: /Booking Request Details/ })
    await details
      .getByText(/Deleted on .+ \(account deleted\)/)
      .first()
      .waitFor()
    expect(await details.getByText(/Deleted on .+ \(account deleted\)/).count()).toBe(2)
    await releaseBookings(baseURL, [booking.id])
  })

  it('the super admin filters the document access log and exports it; the member sees who opened their documents', async () => {
    const member = await approvedMember(baseURL, 'Watched Member')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Documents attached.', true)
    const agentName = (await Api.signIn(baseURL, AGENT_ADMIN)).user.name

    // The agent admin opens the request's IC front from its details.
    const agent = await open()
    await signInBrowser(agent.context, baseURL, AGENT_ADMIN)
    await openBackoffice(agent.page, baseURL, '/agent/booking-requests?sort=createdAt&order=DESC')
    await agent.page
      .getByRole('row')
      .filter({ hasText: member.name })
      .getByRole('button', { name: 'View Details' })
      .click()
    const details = agent.page.getByRole('dialog', { name: /Booking Request Details/ })
    const [opened] = await Promise.all([
      agent.context.waitForEvent('page'),
      details.getByRole('link', { name: 'View IC front' }).click(),
    ])
    await opened.waitForLoadState()

    // The super admin finds it in Document Access, by booking, and exports what the filter selects.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/admin/document-accesses')
    await developer.page.getByLabel('Booking ID').fill(String(booking.id))
    const rows = developer.page.getByRole('row').filter({ hasText: `#${booking.id}` })
    // Case-sensitive: "Previewed (thumbnail)" rows are the dialog's thumbnails, not opens.
    const viewed = rows.filter({ hasText: 'IC front: ic-front.png' }).filter({ hasText: /Viewed/ })
    await viewed
      .filter({ hasText: `${agentName} (Agent Admin)` })
      .first()
      .waitFor()
    await choose(developer.page, /^Action/, /^Viewed$/)
    await viewed
      .filter({ hasText: `${agentName} (Agent Admin)` })
      .first()
      .waitFor()
    // Only this booking's views are listed (the header row aside). The row above was listed before
    // the Action filter too: the thumbnails' rows leave only when the filtered list is back, which
    // on a loaded machine takes longer than expect.poll's one second.
    const listed = async () => (await developer.page.getByRole('row').allTextContents()).slice(1)
    await expect
      .poll(async () => (await listed()).every((text) => text.includes(`#${booking.id}`) && text.includes('Viewed')), {
        timeout: 15_000,
      })
      .toBe(true)
    const [csv] = await Promise.all([
      developer.page.waitForEvent('download'),
      developer.page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(csv.suggestedFilename()).toMatch(/^document-access-.+\.csv$/)
    const lines = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Date (UTC),User,User Email,User Role,Action,Booking ID,Document ID,Document Type,Document Name,IP Address'
    )
    expect(lines.length - 1).toBe((await listed()).length)
    for (const line of lines.slice(1)) {
      expect(line.split(',')[5]).toBe(String(booking.id))
      expect(line.split(',')[4]).toBe('view')
    }
    expect(lines.some((line) => line.includes(`,${AGENT_ADMIN},agent_admin,view,${booking.id},`))).toBe(true)

    // The member sees, on the booking in My Bookings, who opened their documents.
    const person = await open()
    await signInAs(person, member)
    const mine = await openMyBooking(person.page, lot.unitNumber!)
    const accesses = mine.getByRole('region', { name: 'Who opened your documents' })
    await accesses.getByText(`${agentName} (agent admin) viewed IC front`).first().waitFor()
    await releaseBookings(baseURL, [booking.id])
  })

  it('the super admin publishes a new privacy notice; the booking form shows it and needs the consent box', async () => {
    const clause = `Journey clause ${unique()}: documents are kept only as long as the notice says.`
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/privacy-notice')
    const current = developer.page.getByRole('status').filter({ hasText: 'Current version:' })
    const version = Number((await current.textContent())!.match(/Current version: (\d+)/)![1])
    const text = developer.page.getByLabel('Notice text')
    // The new text keeps the old one and adds a paragraph (other journeys read the old words).
    await text.fill(`${await text.inputValue()}\n\n${clause}`)
    await developer.page.getByRole('button', { name: `Publish version ${version + 1}` }).click()
    await current.getByText(`Current version: ${version + 1}`).waitFor()

    const member = await approvedMember(baseURL, 'Consenting Member')
    const lot = await highestAvailableLot(baseURL)
    const person = await open()
    await signInAs(person, member)
    await person.page.goto(`${baseURL}/book/${lot.id}`)
    const notice = person.page.getByRole('region', { name: 'Privacy notice' })
    await notice.getByText(clause).waitFor()
    // The box names the version it consents to.
    const box = person.page.getByRole('checkbox', { name: `I have read the privacy notice (version ${version + 1})` })
    await box.waitFor()

    await person.page.getByLabel(/^Phone/).fill('+60 12 345 6789')
    // Not ticked: the form says so and sends nothing.
    await person.page.getByRole('button', { name: 'Submit booking request' }).click()
    await person.page
      .getByText(
        'Please read the privacy notice and tick the box to consent to the use of the documents before booking.'
      )
      .waitFor()
    const before = await member.api.call<Array<{ lotId: number }>>('GET', '/api/bookings/user')
    expect(before.filter((entry) => entry.lotId === lot.id)).toHaveLength(0)

    await box.check()
    await person.page.getByRole('button', { name: 'Submit booking request' }).click()
    await person.page.getByText('Booking request submitted successfully!').first().waitFor()
    const after = await member.api.call<Array<{ id: number; lotId: number }>>('GET', '/api/bookings/user')
    const made = after.find((entry) => entry.lotId === lot.id)
    expect(made).toBeDefined()
    const record = await member.api.call<{ consentNoticeVersion: number | null; consentedAt: string | null }>(
      'GET',
      `/api/bookings/${made!.id}`
    )
    expect(record.consentNoticeVersion).toBe(version + 1)
    expect(record.consentedAt).not.toBeNull()
    await releaseBookings(baseURL, [made!.id])
  })

  it('after retention runs, the booking shows "Deleted on <date>" for its documents in both apps', async () => {
    const member = await approvedMember(baseURL, 'Retained Member')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'I may change my mind.', true)
    // The member cancels; the booking ended 100 days ago as far as retention (90 days) is concerned.
    await member.api.call('DELETE', `/api/bookings/${booking.id}`)
    const db = await openDatabase()
    try {
      await db.query('UPDATE bookings SET status_changed_at = ? WHERE id = ?', [
        new Date(Date.now() - 100 * 86_400_000),
        booking.id,
      ])
    } finally {
      await db.end()
    }
    const report = runRetention()
    expect(report).toContain(`Booking #${booking.id}: deleted document`)
    const today = shownDay(new Date())
    const deleted = `Deleted on ${today} (retention: ended without a sale)`

    // My Bookings: the documents' lines say when and why they went, with no link.
    const person = await open()
    await signInAs(person, member)
    const mine = await openMyBooking(person.page, lot.unitNumber!)
    await mine.getByText(deleted).first().waitFor()
    expect(await mine.getByText(deleted).count()).toBe(2)
    expect(await mine.getByRole('link', { name: /^(View|Download)/ }).count()).toBe(0)

    // The backoffice's details say the same.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/admin/all-bookings')
    await developer.page.getByPlaceholder('Search client, email or unit').fill(lot.unitNumber!)
    await developer.page
      .getByRole('row')
      .filter({ hasText: member.name })
      .getByRole('button', { name: 'View Details' })
      .click()
    const details = developer.page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText(deleted).first().waitFor()
    expect(await details.getByText(deleted).count()).toBe(2)
    expect(await details.getByRole('link', { name: /^(View|Download) IC/ }).count()).toBe(0)
  })
})
