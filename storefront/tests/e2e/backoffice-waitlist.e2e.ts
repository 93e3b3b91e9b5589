import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { approvedMember, highestAvailableLot, memberRequestsLot } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>

interface AgencyPlace {
  id: number
  lotId: number
  user: { id: number; name: string } | null
  position: number | null
  status: 'waiting' | 'offered'
  offeredAt: string | null
  offerExpiresAt: string | null
}

interface DevelopmentWindow {
  id: number
  name: string
  waitlistWindowMinutes: number
}

const HUB = 'Aero Industrial Hub'

/** A time of day as the backoffice shows it: '3:04 PM MYT' (Kuala Lumpur time). */
function shownTime(iso: string): string {
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kuala_Lumpur',
  }).format(new Date(iso))
  return `${time.replace(/[\u202f\u00a0]/g, ' ')} MYT`
}

/**
 * A waitlist per lot in the backoffice: the super admin sets a development's
 * priority window and reads a lot's line; the agent admin sees where their members stand, and
 * whose turn it is once the lot comes free.
 */
describe('the waitlist in real browsers', () => {
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

  it("the super admin sets the priority window and reads a lot's line; the agent admin sees their members' places", async () => {
    // A member holds the lot; two more join its waitlist (through the API, as the storefront does).
    const holder = await approvedMember(baseURL, 'Lot Holder')
    const lot = await highestAvailableLot(baseURL)
    const held = await memberRequestsLot(holder, lot, 'Holding this lot for my firm.')
    expect(held.status).toBe('pending_agent')
    const first = await approvedMember(baseURL, 'First In Line')
    const second = await approvedMember(baseURL, 'Second In Line')
    expect(await first.api.call('POST', `/api/lots/${lot.id}/waitlist`)).toMatchObject({ position: 1 })
    expect(await second.api.call('POST', `/api/lots/${lot.id}/waitlist`)).toMatchObject({ position: 2 })

    // The super admin sets the hub's priority window on the Lots page, checked before it is sent.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/admin/lots')
    await developer.page.getByRole('button', { name: 'Waitlist window' }).click()
    const dialog = developer.page.getByRole('dialog', { name: 'Waitlist priority window' })
    const hub = dialog.getByRole('group', { name: HUB })
    const minutes = hub.getByRole('spinbutton', { name: `Waitlist window of ${HUB} in minutes` })
    await minutes.fill('1441')
    await hub.getByRole('button', { name: 'Save' }).click()
    await hub.getByText('Enter a whole number of minutes from 1 to 1440.').waitFor()
    await minutes.fill('20')
    await hub.getByRole('button', { name: 'Save' }).click()
    await developer.page.getByText(`Waitlist window saved. ${HUB}: 20 minutes.`).waitFor()
    await hub.getByText('Set to 20 minutes').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const windows = await admin.call<DevelopmentWindow[]>('GET', '/api/developments')
    expect(windows.find((development) => development.name === HUB)?.waitlistWindowMinutes).toBe(20)

    // The lot's line: its count on the Lots screen, the whole line in its edit.
    await developer.page.getByPlaceholder('Search unit, lot or title').fill(lot.unitNumber!)
    // The search reaches the address after a pause; an Edit clicked before it would be undone by it.
    await developer.page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(lot.unitNumber!))
    const table = developer.page.getByRole('table').first()
    const row = table
      .getByRole('row')
      .filter({ has: developer.page.getByRole('cell', { name: lot.unitNumber!, exact: true }) })
    await row.waitFor()
    const headers = await table.getByRole('columnheader').allTextContents()
    const waitlistColumn = headers.findIndex((header) => header.trim() === 'Waitlist')
    expect(waitlistColumn).toBeGreaterThan(-1)
    expect((await row.getByRole('cell').nth(waitlistColumn).textContent())?.trim()).toBe('2')
    await row.getByRole('link', { name: 'Edit' }).click()
    const line = developer.page.getByRole('table', { name: 'Waitlist' })
    const firstPlace = line.getByRole('row').filter({ hasText: first.name })
    await firstPlace.waitFor()
    expect(await firstPlace.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['1', first.name, 'Nilai Prime Realty', 'Waiting'])
    )
    expect(await line.getByRole('row').filter({ hasText: second.name }).getByRole('cell').first().textContent()).toBe(
      '2'
    )

    // The agent admin's Waitlist: their members' places, from the sidebar.
    const agent = await open()
    await signInBrowser(agent.context, baseURL, AGENT_ADMIN)
    await openBackoffice(agent.page, baseURL, '/')
    await agent.page.getByRole('menuitem', { name: 'Waitlist' }).click()
    await agent.page.waitForURL(`${baseURL}/backoffice/agent/waitlist`)
    const placeOf = (name: string) =>
      agent.page.getByRole('row').filter({ hasText: name }).filter({ hasText: lot.unitNumber! })
    await placeOf(first.name).getByText('Waiting', { exact: true }).waitFor()
    expect(await placeOf(first.name).getByRole('cell', { name: '1', exact: true }).count()).toBe(1)
    expect(await placeOf(second.name).getByRole('cell', { name: '2', exact: true }).count()).toBe(1)

    // The lot comes free (the agent admin rejects the hold): the first in line has the next 20 minutes.
    const agentApi = await Api.signIn(baseURL, AGENT_ADMIN)
    await agentApi.call('PUT', `/api/bookings/${held.id}/agent-response`, { action: 'reject', agentNotes: null })
    const { data } = await agentApi.call<{ data: AgencyPlace[] }>('GET', '/api/agency/waitlist?page=1&perPage=100')
    const offer = data.find((place) => place.user?.id === first.id && place.lotId === lot.id)!
    expect(offer.status).toBe('offered')
    expect(Date.parse(offer.offerExpiresAt!) - Date.parse(offer.offeredAt!)).toBe(20 * 60_000)
    await agent.page.reload()
    await placeOf(first.name)
      .getByText(`Their turn until ${shownTime(offer.offerExpiresAt!)}`)
      .waitFor()
    await placeOf(second.name).getByText('Waiting', { exact: true }).waitFor()

    // Both leave, so the lot is open to everyone for the journeys after this one.
    await first.api.call('DELETE', `/api/lots/${lot.id}/waitlist`)
    await second.api.call('DELETE', `/api/lots/${lot.id}/waitlist`)
  })
})
