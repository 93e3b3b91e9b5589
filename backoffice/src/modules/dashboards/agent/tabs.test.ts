import { describe, expect, it } from 'vitest'
import { tabSlug } from '../../../layout/Dashboard'
import { AGENT_TABS, homeTabFor } from './tabs'

describe('/agent-dashboard?tab=', () => {
  it("opens the Booking Requests tab for the old client's manage-bookings", () => {
    expect(homeTabFor('manage-bookings')).toBe(tabSlug(AGENT_TABS.bookings))
  })

  it("passes the home's own tab names through and sends anything else to the Overview", () => {
    for (const title of [AGENT_TABS.users, AGENT_TABS.bookings, AGENT_TABS.history, AGENT_TABS.requests]) {
      expect(homeTabFor(tabSlug(title))).toBe(tabSlug(title))
    }
    expect(homeTabFor(null)).toBeNull()
    expect(homeTabFor('overview')).toBeNull()
    expect(homeTabFor('agencies')).toBeNull()
  })
})
