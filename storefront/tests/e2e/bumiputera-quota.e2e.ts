/**
 * The Bumiputera quota from the buyer's side: a member declares their status with evidence on the
 * profile, a quota lot refuses them while it is not verified, a super admin verifies it, and the
 * member books the lot and finds the price, the Bumiputera discount and the net price on the
 * booking's details.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Api, SUPER_ADMIN, unique } from './backoffice-admin-support.ts'
import { FRESH_PASSWORD, approvedMember, highestAvailableLot, type FreshUser } from './backoffice-agent-support.ts'
import { releaseBookings } from './account-support.ts'
import { documentFiles, openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

const QUOTA_REFUSAL =
  "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked."

describe('a Bumiputera buyer and a quota lot', () => {
  let session: Session
  let admin: Api
  let member: FreshUser
  let files: ReturnType<typeof documentFiles>
  const bookings: number[] = []
  const cleanUp: Array<() => Promise<unknown>> = []

  beforeAll(async () => {
    ;[session, admin, member] = await Promise.all([
      openSession(),
      Api.signIn(baseURL, SUPER_ADMIN),
      approvedMember(baseURL, 'Bumi Buyer'),
    ])
    files = documentFiles()
    const login = await session.context.request.post(`${baseURL}/api/auth/login`, {
      data: { email: member.email, password: FRESH_PASSWORD },
      headers: { Accept: 'application/json' },
    })
    expect(login.ok()).toBe(true)
  })

  afterAll(async () => {
    await releaseBookings(baseURL, bookings)
    for (const undo of cleanUp.reverse()) await undo()
    files?.cleanup()
    await session?.close()
  })

  it('declares with evidence, is refused the quota lot until verified, then books it at the discounted price', async () => {
    const { page } = session
    const lot = await highestAvailableLot(baseURL)
    await admin.call('PUT', `/api/lots/${lot.id}/bumiputera`, {
      isBumiputeraLot: true,
      releasedAt: null,
      releaseAuthority: null,
      releaseReference: null,
    })
    cleanUp.push(() =>
      admin.call('PUT', `/api/lots/${lot.id}/bumiputera`, {
        isBumiputeraLot: false,
        releasedAt: null,
        releaseAuthority: null,
        releaseReference: null,
      })
    )
    const developmentId = (await admin.call<{ developmentId: number }>('GET', `/api/lots/${lot.id}`)).developmentId
    const bumi = await admin.call<{ id: number }>('POST', '/api/packages', {
      developmentId,
      name: `Bumiputera discount ${unique()}`,
      kind: 'percent',
      percentBp: 700,
      allLots: false,
      lotIds: [lot.id],
      combinable: true,
      eligibility: 'bumiputera',
    })
    cleanUp.push(() => admin.call('POST', `/api/packages/${bumi.id}/retire`))

    // The profile: not declared yet; declare as an individual, with a document.
    await page.goto(`${baseURL}/profile`)
    const card = page.getByRole('article', { name: 'Bumiputera status' })
    await card.getByText('Not declared').waitFor()
    await card.getByRole('radio', { name: 'Individual' }).check()
    await card.getByLabel(/^Evidence document/).setInputFiles(files.cheque)
    await card.getByRole('button', { name: 'Declare Bumiputera status' }).click()
    await page.getByText('Bumiputera status declared. It will be verified by staff.').first().waitFor()
    await card.getByText('Declared, awaiting verification').waitFor()

    // Declared is not verified: the quota lot is refused, in the backend's words, where the member looks.
    await page.goto(`${baseURL}/book/${lot.id}`)
    const form = page.locator('form.booking-form')
    await form.getByLabel(/^Phone/).fill('+60 12-345 6789')
    await form.getByRole('checkbox', { name: /consent/ }).check()
    await form.getByRole('button', { name: 'Submit booking request' }).click()
    await form.getByRole('alert').getByText(QUOTA_REFUSAL).waitFor()

    // A super admin verifies the status.
    await admin.call('PUT', `/api/users/${member.id}/bumiputera`, { status: 'verified' })

    await page.goto(`${baseURL}/book/${lot.id}`)
    await form
      .getByText(/Your Bumiputera status/)
      .getByText('Verified')
      .waitFor()
    await form.getByText('Applied automatically: you are a verified Bumiputera buyer.').waitFor()
    await form.getByLabel(/^Phone/).fill('+60 12-345 6789')
    await form.getByRole('checkbox', { name: /consent/ }).check()
    await form.getByRole('button', { name: 'Submit booking request' }).click()
    await page.getByText('Booking request submitted successfully!').first().waitFor()

    const mine = await member.api.call<Array<{ id: number; lotId: number; priceSen: number; netPriceSen: number }>>(
      'GET',
      '/api/bookings/user'
    )
    const booking = mine.find((candidate) => candidate.lotId === lot.id)!
    bookings.push(booking.id)
    const discount = Math.floor((booking.priceSen * 700) / 10_000)
    expect(booking.netPriceSen).toBe(booking.priceSen - discount)

    // The booking's details: the price it was made at, the discount and the net price, and the status.
    await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings&booking=${booking.id}`)
    const details = page.getByRole('dialog', { name: 'Booking Details' })
    const value = (term: string) =>
      details.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd[1]')
    const rm = (sen: number) => {
      const whole = new Intl.NumberFormat('en-US').format(Math.floor(sen / 100))
      return sen % 100 === 0 ? `RM ${whole}` : `RM ${whole}.${String(sen % 100).padStart(2, '0')}`
    }
    expect(await value('Price at request').textContent()).toBe(rm(booking.priceSen))
    expect(await value('Discount').textContent()).toBe(`-${rm(discount)}`)
    expect(await value('Net price').textContent()).toBe(rm(booking.netPriceSen))
    expect(await value('Bumiputera status').textContent()).toBe('Verified')
  }, 45_000)
})
