import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  DEMO,
  DEMO_PASSWORD,
  DOCUMENTS,
  documentFiles,
  highestAvailableLot,
  hubLots,
  openSession,
  signIn,
  type Session,
} from './public-support.ts'

const baseURL = inject('baseURL')
const HUB = '/aero-industrial-hub'

const hubRow = (page: Page, unit: string) =>
  page
    .getByRole('region', { name: /Shop lots of Phase 4/ })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${unit}`) }) })

/** The agent admin books a lot through the API (bearer token), documents included. */
async function agentBooks(lotId: number): Promise<Response> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: DEMO.agent, password: DEMO_PASSWORD }),
  })
  const { token } = (await login.json()) as { token: string }
  const form = new FormData()
  form.set('lotId', String(lotId))
  form.set('name', 'Farid Hassan')
  form.set('email', DEMO.agent)
  form.set('phone', '+60 13-220 8765')
  form.set('consent', 'true')
  form.set('cheque', new Blob([DOCUMENTS.pdf], { type: 'application/pdf' }), 'cheque.pdf')
  form.set('icFront', new Blob([DOCUMENTS.jpg], { type: 'image/jpeg' }), 'front.jpg')
  form.set('icBack', new Blob([DOCUMENTS.png], { type: 'image/png' }), 'back.png')
  return fetch(`${baseURL}/api/bookings/request`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: form,
  })
}

describe('booking requests', () => {
  let session: Session
  let files: ReturnType<typeof documentFiles>

  beforeEach(async () => {
    session = await openSession()
    files = documentFiles()
  })
  afterEach(async () => {
    files.cleanup()
    await session.close()
  })

  it('a member books an available lot with a cheque and both IC images; it is pending and taken', async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    await signIn(page, baseURL, DEMO.member, HUB)

    await hubRow(page, lot.unitNumber)
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
    await dialog.getByLabel(/^Full name/).waitFor()
    // The form starts with the member's own details.
    expect(await dialog.getByLabel(/^Full name/).inputValue()).toBe('Daniel Tan Wei Ming')
    expect(await dialog.getByLabel(/^Email/).inputValue()).toBe(DEMO.member)

    const hint = dialog.locator('.upload-hint')
    expect(await hint.getAttribute('class')).toContain('upload-hint--red')
    await dialog.getByLabel(/^Payment cheque/).setInputFiles(files.cheque)
    await dialog.getByLabel(/^IC front/).setInputFiles(files.icFront)
    expect(await hint.getAttribute('class')).toContain('upload-hint--amber')
    await dialog.getByLabel(/^IC back/).setInputFiles(files.icBack)
    expect(await hint.getAttribute('class')).toContain('upload-hint--green')
    await dialog.getByText('payment-cheque.pdf').waitFor()
    await dialog.getByRole('img', { name: 'Preview of ic-back.png' }).waitFor()
    await dialog.getByLabel(/^Message/).fill('For our logistics office, journey test.')
    // The privacy notice is shown with its consent box; nothing is sent until it is ticked.
    await dialog
      .getByRole('region', { name: 'Privacy notice' })
      .getByText(/verify the buyer’s identity/)
      .waitFor()
    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    await dialog
      .getByText(
        'Please read the privacy notice and tick the box to consent to the use of the documents before booking.'
      )
      .waitFor()
    await dialog.getByRole('checkbox', { name: /consent/ }).check()

    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    await page.getByRole('status').getByText('Booking request submitted successfully!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    // The list reloads: the lot is no longer available.
    await hubRow(page, lot.unitNumber).getByText('Reserved').first().waitFor()
    expect(
      await hubRow(page, lot.unitNumber)
        .getByRole('link', { name: /^Book Now/ })
        .count()
    ).toBe(0)

    const bookings = (await (
      await page.request.get(`${baseURL}/api/bookings/user`, { headers: { Accept: 'application/json' } })
    ).json()) as Array<{
      status: string
      lotId: number
      requestMessage: string
      chequeUrl: string | null
      icFrontUrl: string | null
      icBackUrl: string | null
    }>
    const booking = bookings.find((candidate) => candidate.lotId === lot.id)
    expect(booking).toBeDefined()
    expect(booking!.status).toBe('pending_agent')
    expect(booking!.requestMessage).toBe('For our logistics office, journey test.')
    expect(booking!.chequeUrl).not.toBeNull()
    expect(booking!.icFrontUrl).not.toBeNull()
    expect(booking!.icBackUrl).not.toBeNull()
  })

  it("shows the server's 'no longer available' answer when another request took the lot first", async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    await signIn(page, baseURL, DEMO.member, HUB)
    await hubRow(page, lot.unitNumber)
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
    await dialog.getByLabel(/^Message/).fill('Hoping it is still free.')

    expect((await agentBooks(lot.id)).status).toBe(201)
    await dialog.getByRole('checkbox', { name: /consent/ }).check()
    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    await dialog.getByText('This lot is no longer available. Please choose another lot.').waitFor()
    // Nothing typed is lost.
    expect(await dialog.getByLabel(/^Message/).inputValue()).toBe('Hoping it is still free.')
    expect((await hubLots(baseURL)).find((candidate) => candidate.id === lot.id)!.status).toBe('reserved')
  })

  it('checks an agent admin’s documents before sending anything', async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    await signIn(page, baseURL, DEMO.agent, HUB)
    await hubRow(page, lot.unitNumber)
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
    await dialog.getByLabel(/^Agent name/).fill('')
    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    for (const message of [
      'Agent name is required',
      'Payment cheque document is required',
      'IC front image is required',
      'IC back image is required',
    ]) {
      await dialog.getByText(message).waitFor()
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await hubLots(baseURL)).find((candidate) => candidate.id === lot.id)!.status).toBe('available')
  })

  it('opens the booking form as a dialog from a lot-type page too', async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    const path = `/properties/aeroindustrial/type/${lot.typeCode}`
    await signIn(page, baseURL, DEMO.member, path)
    await page
      .locator('tbody tr')
      .filter({ hasText: lot.unitNumber })
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
    await dialog.getByRole('button', { name: 'Submit booking request' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(page.url()).toBe(`${baseURL}${path}`)
  })

  it('tells a user who is not an agency member so, and offers the membership form', async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    await signIn(page, baseURL, DEMO.user, `/book/${lot.id}`)
    await page.getByText('You must be an approved agency member to request bookings').waitFor()
    await page.getByLabel('Agency').waitFor()
    await page.getByLabel('Your position').waitFor()
    expect(await page.getByRole('button', { name: 'Submit booking request' }).count()).toBe(0)
  })
})

describe('the booking page without JavaScript', () => {
  it('posts the form as a page, keeps what was typed and says the files must be chosen again', async () => {
    const plain = await openSession({ javaScript: false })
    const files = documentFiles()
    try {
      const { page } = plain
      const lot = await highestAvailableLot(baseURL)
      await signIn(page, baseURL, DEMO.member, `/book/${lot.id}?returnTo=${encodeURIComponent(HUB)}`)
      await page.getByRole('heading', { level: 1, name: `Request a booking: ${lot.unitNumber}` }).waitFor()
      await page.getByLabel(/^Phone/).fill('')
      await page.getByLabel(/^Message/).fill('Typed without scripts.')
      await page.getByLabel(/^IC front/).setInputFiles(files.icFront)
      await page.getByRole('button', { name: 'Submit booking request' }).click()

      await page.getByText('Phone number is required').waitFor()
      expect(await page.getByLabel(/^Message/).inputValue()).toBe('Typed without scripts.')
      expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Daniel Tan Wei Ming')
      await page.getByText(/does not keep chosen files/).waitFor()
      await page.getByText('ic-front.jpg').waitFor()
      expect((await hubLots(baseURL)).find((candidate) => candidate.id === lot.id)!.status).toBe('available')
    } finally {
      files.cleanup()
      await plain.close()
    }
  })
})
