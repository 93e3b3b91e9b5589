import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { Api, SUPER_ADMIN, openBackoffice, signInBrowser, unique } from './backoffice-admin-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>

/** A time `hoursAgo` hours back, as the browser's datetime-local inputs take it (its own clock). */
function localDateTime(page: Page, hoursAgo: number): Promise<string> {
  return page.evaluate((hours) => {
    const at = new Date(Date.now() - hours * 3_600_000)
    const two = (value: number) => String(value).padStart(2, '0')
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`
  }, hoursAgo)
}

/** The emails the product kept without SMTP (the super admins' Outbox), as text. */
async function outboxText(admin: Api): Promise<string> {
  const response = await admin.send('GET', '/api/admin/outbox?page=1&perPage=100')
  expect(response.status).toBe(200)
  return response.text()
}

/**
 * The PDPA's breach and officer duties (docs/privacy.md, "Breaches" and "Data protection
 * officer") through the real screens: the super admin sets the officer's contact and the public
 * site shows it; records a breach, watches its clock on the dashboard, records the
 * Commissioner's notification and emails the affected person a notice.
 */
describe('PDPA duties in real browsers', () => {
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

  it("the super admin sets the Data Protection Officer's contact; a visitor finds it on the Policies page", async () => {
    const run = unique()
    const officer = { name: `Puan Aishah ${run}`, email: `dpo.${run}@aero-demo.my`, phone: '+60 3 7890 1234' }
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/data-protection-officer')
    const page = developer.page
    await page.getByLabel(/Name or role/).fill(officer.name)
    await page.getByLabel(/Email/).fill(officer.email)
    await page.getByLabel(/Phone/).fill(officer.phone)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText("The Data Protection Officer's contact is saved.").waitFor()

    // A signed-out visitor: the footer links to the officer, the Policies page names them.
    const visitor = await open()
    await visitor.page.goto(`${baseURL}/`)
    await visitor.page
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: 'Data Protection Officer' })
      .click()
    await visitor.page.waitForURL(/\/policies#dpo$/)
    // The gateway may hold the page a few seconds for signed-out visitors.
    await expect
      .poll(
        async () => {
          await visitor.page.reload()
          return visitor.page.getByText(`Data Protection Officer: ${officer.name}`).count()
        },
        { timeout: 20_000, interval: 2_000 }
      )
      .toBe(1)
    const mail = visitor.page.getByRole('link', { name: officer.email })
    expect(await mail.getAttribute('href')).toBe(`mailto:${officer.email}`)
    expect(await visitor.page.getByRole('link', { name: officer.phone }).getAttribute('href')).toBe('tel:+60378901234')
  })

  it('the super admin records a breach, sees its 72-hour clock on the dashboard, notifies the Commissioner and the person', async () => {
    const run = unique()
    const what = `Cheque image emailed to the wrong buyer ${run}`
    const person = `buyer.${run}@example.my`
    const developer = await open()
    const page = developer.page
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/data-breaches')
    await page.getByRole('link', { name: 'Record a breach' }).click()
    await page.getByLabel(/Found at/).fill(await localDateTime(page, 2))
    await page.getByLabel(/What happened/).fill(what)
    await page.getByLabel(/Whose data/).fill('One buyer of a Phase 4 lot')
    await page.getByRole('checkbox', { name: 'Cheques' }).check()
    await page.getByLabel(/People affected/).fill('1')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The breach has been recorded.').waitFor()
    await page.getByText(/Commissioner \(72 hours\): (2 d 2[12] h|69 h|70 h).* left/).waitFor()
    const breachId = Number(/data-breaches\/(\d+)/.exec(page.url())?.[1])
    expect(breachId).toBeGreaterThan(0)

    // The dashboard's card: this incident, with the time left to tell the Commissioner.
    await openBackoffice(page, baseURL, '/')
    const card = page.getByRole('region', { name: 'Open breaches' })
    const item = card.getByRole('listitem').filter({ hasText: what })
    await item.getByText(/Commissioner: .* left/).waitFor()
    await item.getByRole('link', { name: new RegExp(`Breach #${breachId}`) }).click()

    // The Commissioner's notification: the 72-hour clock stops, the people's 7 days start.
    // The form fills itself from the record first; typing before that would be overwritten.
    await expect.poll(() => page.getByLabel(/What happened/).inputValue(), { timeout: 15_000 }).toBe(what)
    await page.getByLabel(/Commissioner notified at/).fill(await localDateTime(page, 1))
    await page.getByLabel(/Commissioner's reference/).fill(`JPDP/${run}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The breach record has been updated.').waitFor()
    await page.getByText(/Commissioner \(72 hours\): Notified/).waitFor()
    await page.getByText(/Affected people \(7 days\): 6 d 2[23] h left/).waitFor()

    // The notice to the person, through the product's mail.
    const form = page.getByRole('form', { name: 'Send a notice' })
    await form.getByLabel(/Subject/).fill(`About your booking documents ${run}`)
    await form.getByLabel(/^Notice/).fill('A copy of your cheque was sent to another buyer on the date above.')
    await form.getByLabel(/Email addresses/).fill(person)
    await form.getByRole('button', { name: 'Send notice' }).click()
    await page.getByText('The notice is on its way to 1 person.').waitFor()
    await page.getByRole('list', { name: 'Notices sent' }).getByText(`About your booking documents ${run}`).waitFor()
    await page.getByText(/Affected people \(7 days\): Notified/).waitFor()

    // Without SMTP the email is kept as rendered in the Outbox.
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    await expect.poll(async () => (await outboxText(admin)).includes(person), { timeout: 30_000 }).toBe(true)
    expect(await outboxText(admin)).toContain(`About your booking documents ${run}`)
  })
})
