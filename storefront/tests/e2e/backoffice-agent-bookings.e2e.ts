import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, hubLot, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import {
  approvedMember,
  choose,
  freshUser,
  highestAvailableLot,
  memberRequestsLot,
  pngFiles,
} from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

interface BookingRecord {
  id: number
  status: string
  unitNumber: string | null
  agentNotes: string | null
  user: { id: number; email: string } | null
  documents?: Array<{ documentType: string; documentUrl: string }>
}

/**
 * The agent's booking requests, newest first: the list defaults to oldest-waiting first (approval
 * time limits), so after earlier journeys a new request would not be on page 1. react-admin reads
 * the list's sort from the URL (`sort`, `order`). The lists mask the client's email (a•••@domain):
 * rows are found by the member's name, which is unique to the run.
 */
const REQUESTS_NEWEST_FIRST = '/agent/booking-requests?sort=createdAt&order=DESC'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe("the agent admin's booking requests", () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it("approves a member's request on the booking requests page; the super admin then has it pending", async () => {
    const { page, context } = session
    const member = await approvedMember(baseURL, 'Requester')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Please reserve this lot for my company.', true)
    expect(booking.status).toBe('pending_agent')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, REQUESTS_NEWEST_FIRST)
    await page.getByRole('tab', { name: 'Pending Approval' }).click()
    const row = page.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await row.getByText('Pending Your Approval').waitFor()
    await row.getByRole('button', { name: 'Process' }).click()

    const dialog = page.getByRole('dialog', { name: 'Process Booking Request' })
    await dialog.getByRole('region', { name: 'Client Information' }).getByText(member.name).waitFor()
    await dialog
      .getByRole('region', { name: 'Property Information' })
      .getByText(new RegExp(`${lot.unitNumber} · Lot ${lot.lotNumber}`))
      .waitFor()
    await dialog.getByText('Please reserve this lot for my company.').waitFor()
    await dialog.getByRole('button', { name: 'Submit Response' }).click()
    await dialog.getByText('Please select an action (approve or reject)').waitFor()
    await dialog.getByRole('radio', { name: /Approve/ }).check()
    await dialog.getByLabel('Notes (optional)').fill('Member verified; deposit received.')
    await dialog.getByRole('button', { name: 'Submit Response' }).click()
    await page.getByText('Booking request approved and forwarded to admin').waitFor()
    await dialog.waitFor({ state: 'detached' })

    await page.getByRole('tab', { name: 'Forwarded to Admin' }).click()
    const forwarded = page.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await forwarded.getByText('Forwarded to Admin').waitFor()
    await forwarded.getByRole('button', { name: 'View Details' }).click()
    const details = page.getByRole('dialog', { name: /Booking Request Details/ })
    await details
      .getByRole('region', { name: 'Response Information' })
      .getByText('Member verified; deposit received.')
      .waitFor()
    await details.getByRole('region', { name: 'Response Information' }).getByText('Farid Hassan').waitFor()
    const identity = details.getByRole('region', { name: 'Identity Card (front/back)' })
    await identity.getByRole('img', { name: 'IC front preview' }).waitFor()
    await identity.getByRole('img', { name: 'IC back preview' }).waitFor()
    // The documents are served to the agency's agent admin (the browser's session), never publicly.
    const front = await identity.getByRole('link', { name: 'View IC front' }).getAttribute('href')
    expect((await context.request.get(`${baseURL}${front}`)).status()).toBe(200)
    expect((await fetch(`${baseURL}${front}`)).status).toBe(401)
    expect(await details.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    await details.getByRole('button', { name: 'Close', exact: true }).click()

    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const pending = await admin.call<BookingRecord[]>(
      'GET',
      `/api/bookings/admin?${new URLSearchParams({ filter: JSON.stringify({ status: 'pending_admin' }), range: '[0,99]' })}`
    )
    expect(pending.find((candidate) => candidate.id === booking.id)).toMatchObject({
      status: 'pending_admin',
      unitNumber: lot.unitNumber,
    })
  })

  it('rejects a request from the Booking Requests tab of the dashboard; the lot is available again', async () => {
    const { page, context } = session
    const member = await approvedMember(baseURL, 'Hesitant')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Second thoughts welcome.')
    expect((await hubLot(baseURL, lot.unitNumber!)).status).not.toBe('available')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/?tab=booking-requests')
    const tab = page.getByRole('region', { name: 'Booking Requests' })
    const row = tab.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await row.getByText('Pending Your Approval').waitFor()
    await row.getByRole('button', { name: 'View Details' }).click()
    const details = page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText('Second thoughts welcome.').waitFor()
    await details.getByText('No documents uploaded.').waitFor()
    expect(await details.getByRole('region', { name: 'Response Information' }).count()).toBe(0)
    await details.getByRole('button', { name: 'Reject' }).click()
    await page.getByText('Booking request rejected successfully').waitFor()
    await row.getByText('Rejected', { exact: true }).waitFor()

    expect((await hubLot(baseURL, lot.unitNumber!)).status).toBe('available')

    // Booking History: the last 6 characters of the id, and the agent's notes.
    await page.getByRole('tab', { name: 'Booking History' }).click()
    const history = page.getByRole('region', { name: 'Booking History' })
    const past = history.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await past.getByRole('cell', { name: String(booking.id).slice(-6), exact: true }).waitFor()
    await past.getByText('Booking request rejected by agent').waitFor()
  })

  it('creates a booking for a user with both IC images; it goes to the admin and shows under Booking Requests', async () => {
    const { page, context } = session
    const client = await freshUser(baseURL, 'Client')
    const lot = await highestAvailableLot(baseURL)
    const files = pngFiles(['ic-front.png', 'ic-back.png'])

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/bookings/create')
    await page.getByRole('heading', { level: 1, name: 'Create Booking Request' }).waitFor()
    await page.getByRole('button', { name: 'Create Booking' }).click()
    await page.getByText('Please select a user').waitFor()
    await page.getByText('Please select a property').waitFor()

    // The client is named by their exact email, looked up on the server; a partial one finds nobody.
    const email = page.getByRole('textbox', { name: /User's email/ })
    await email.fill(client.email.slice(0, -3))
    await email.press('Enter')
    await page.getByText("Enter the client's full email address").waitFor()
    await email.fill(client.email)
    await page.getByRole('button', { name: 'Find user' }).click()
    const user = page.getByRole('textbox', { name: /^User/ })
    await expect.poll(() => user.inputValue()).toBe(`${client.name} (${client.email})`)

    // A development without units or lots says so; changing the property clears the choice.
    await choose(page, /^Property/, /Mahkota Kampar/)
    await page.getByRole('radio', { name: 'Unit' }).check()
    await page.getByText('No available units found for this property.').waitFor()
    await page.getByRole('radio', { name: 'Lot' }).check()
    // Other journeys may have added lots to Mahkota Kampar: the message shows only when it
    // really has none available.
    const availableThere = await page.evaluate(async () => {
      const properties = (await (await fetch('/api/properties')).json()) as Array<{ id: number; name: string }>
      const kampar = properties.find((property) => property.name === 'Mahkota Kampar')!
      const lots = (await (await fetch(`/api/lots?propertyId=${kampar.id}&kind=lot`)).json()) as unknown[]
      return lots.length
    })
    if (availableThere === 0) await page.getByText('No available lots found for this property.').waitFor()
    await choose(page, /^Property/, /Aero Industrial Hub/)
    await page.getByRole('button', { name: 'Create Booking' }).click()
    await page.getByText('Please select a lot').waitFor()
    await choose(page, /^Lot/, new RegExp(`^${escape(lot.unitNumber!)} ·`))
    await page.getByLabel('Notes').fill('Booked at the sales gallery with the client present.')

    await page.getByText('0 of 2 IC images selected').waitFor()
    await page.getByLabel('IC front image').setInputFiles(files['ic-front.png']!)
    await page.getByText('1 of 2 IC images selected').waitFor()
    await page.getByRole('button', { name: 'Create Booking' }).click()
    await page.getByText('Both front and back sides of IC are required').waitFor()
    await page.getByLabel('IC back image').setInputFiles(files['ic-back.png']!)
    await page.getByText('2 of 2 IC images selected').waitFor()
    // The privacy notice's box: the booking is refused without it.
    await page.getByRole('region', { name: 'Privacy notice' }).waitFor()
    await page.getByRole('checkbox', { name: /consents/ }).check()
    await page.getByRole('button', { name: 'Create Booking' }).click()

    await page.getByText('Booking successfully created and sent to admin for review').waitFor()
    await page.waitForURL(`${baseURL}/backoffice/?tab=booking-requests`)
    const row = page.getByRole('region', { name: 'Booking Requests' }).getByRole('row').filter({ hasText: client.name })
    await row.getByText(lot.unitNumber!).waitFor()
    await row.getByText('Forwarded to Admin').waitFor()

    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    const [created] = (
      await agent.call<BookingRecord[]>('GET', `/api/bookings/agent?range=${encodeURIComponent('[0,49]')}`)
    ).filter((candidate) => candidate.user?.id === client.id)
    const detailed = await agent.call<BookingRecord>('GET', `/api/bookings/${created!.id}`)
    expect(detailed).toMatchObject({ status: 'pending_admin', unitNumber: lot.unitNumber })
    expect(detailed.documents?.map((document) => document.documentType).sort()).toEqual(['ic_back', 'ic_front'])

    // The super admin turns it down, so the lot goes back to the hub for the journeys after this one.
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    await admin.call('PUT', `/api/bookings/${created!.id}/status-update`, {
      status: 'rejected',
      message: 'Journey clean-up',
    })
    expect((await hubLot(baseURL, lot.unitNumber!)).status).toBe('available')
  })
})
