import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser, unique } from './backoffice-admin-support.ts'
import { PHONE, openSession } from './public-support.ts'

const baseURL = inject('baseURL')

describe('the audit trail of staff actions', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('a super admin finds a lot edit, reads its before and after, and exports the filtered trail', async () => {
    const { page, context } = session
    // Another super admin creates a lot and edits its price and status.
    const colleague = await Api.signIn(baseURL, SUPER_ADMIN)
    const lotNumber = `AUD${unique()}`.slice(0, 20)
    const developments = await colleague.call<Array<{ id: number; slug: string }>>('GET', '/api/properties')
    const lot = await colleague.call<{ id: number }>('POST', '/api/lots', {
      // In Kampar and not an MKS- unit: the journeys that read the whole hub know its 24 lots.
      propertyId: developments.find((development) => development.slug === 'mahkota-kampar')!.id,
      lotNumber,
      unitNumber: `AUD-${lotNumber}`,
      type: 'Factory',
      status: 'available',
      price: 500000,
    })
    await colleague.call('PUT', `/api/lots/${lot.id}`, { price: 525000, status: 'locked' })

    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/')
    const menu = await page.getByRole('menuitem').allTextContents()
    expect(menu.slice(-13)).toEqual([
      'Contact Messages',
      'Audit Trail',
      'Document Access',
      'Deletion Requests',
      'Breach Register',
      'Data Protection Officer',
      'Failed Jobs',
      'Outbox',
      'Packages',
      'Release Batches',
      'Booking Fees',
      'Privacy Notice',
      'My Profile',
    ])
    await page.getByRole('menuitem', { name: 'Audit Trail' }).click()
    await page.getByRole('table').waitFor()

    await page.getByPlaceholder('Search actor or subject').fill(lotNumber)
    const rows = page.getByRole('table').getByRole('row')
    // Until the search applies, the table lists every entry (other lots' creations among them).
    await rows.filter({ hasText: lotNumber }).filter({ hasText: 'Lot created' }).waitFor()
    await expect.poll(() => rows.count()).toBe(3)
    const edit = rows.filter({ hasText: 'Lot edited' })
    await edit.getByText(`Lot: AUD-${lotNumber} (lot ${lotNumber})`).waitFor()
    await edit.getByText('Price, Status').waitFor()

    await edit.getByText('Lot edited').click()
    await page.getByRole('heading', { name: 'Lot edited' }).waitFor()
    await page.getByText(`Subject: Lot: AUD-${lotNumber} (lot ${lotNumber})`).waitFor()
    const changes = page.getByRole('table', { name: 'Changed fields' })
    const cells = async (field: string) =>
      changes.getByRole('row').filter({ hasText: field }).getByRole('cell').allTextContents()
    expect(await cells('Price')).toEqual(['Price', '500000', '525000'])
    expect(await cells('Status')).toEqual(['Status', 'available', 'locked'])

    await page.getByRole('link', { name: 'Back to the audit trail' }).click()
    await page.getByRole('cell', { name: 'Lot created' }).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('audit-trail.csv')
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Date (UTC),Actor,Actor Email,Actor Role,Action,Subject Type,Subject ID,Subject,Before,After,IP Address'
    )
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['lot.updated', 'lot.created'])
    expect(lines[1]).toContain(SUPER_ADMIN)
  })

  it('reads as cards on a phone, no wider than the screen, down to the changed fields', async () => {
    const colleague = await Api.signIn(baseURL, SUPER_ADMIN)
    const agency = await colleague.call<{ id: number }>('POST', '/api/agencies', {
      name: `Audit Phone Realty ${unique()}`,
      contactEmail: 'phone@example.my',
    })
    await colleague.call('PUT', `/api/agencies/${agency.id}`, {
      name: `Audit Phone Realty ${unique()}`,
      contactEmail: 'phone@example.my',
      address: 'Jalan Besar 1, Kampar',
    })

    const phone = await openSession({ phone: true })
    try {
      const { page, context } = phone
      await signInBrowser(context, baseURL, SUPER_ADMIN)
      // On a phone the sidebar waits behind the menu button: the page itself is the sign of arrival.
      await page.goto(`${baseURL}/backoffice/admin/audit-entries`)
      const cards = page.getByRole('list', { name: 'Audit entries' })
      const card = cards.getByRole('listitem').filter({ hasText: 'Agency edited' }).first()
      await card.waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await card.getByRole('link', { name: 'Details' }).tap()
      await page.getByRole('heading', { name: 'Agency edited' }).waitFor()
      const fields = page.getByRole('list', { name: 'Changed fields' })
      await fields.getByRole('listitem').filter({ hasText: 'After: Jalan Besar 1, Kampar' }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    } finally {
      await phone.close()
    }
  })

  it('an agent admin has no Audit Trail: no link, access denied, 403 from the API', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/')
    expect(await page.getByRole('menuitem').allTextContents()).not.toContain('Audit Trail')
    await openBackoffice(page, baseURL, '/admin/audit-entries')
    await page.getByText('Access denied. Admin privileges required.').waitFor()

    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    for (const path of ['/api/audit-entries', '/api/audit-entries/export.csv', '/api/audit-entries/1']) {
      expect({ path, status: (await agent.send('GET', path)).status }).toEqual({ path, status: 403 })
    }
  })
})
