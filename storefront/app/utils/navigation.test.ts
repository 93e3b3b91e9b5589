import { describe, expect, it } from 'vitest'
import { headerLinks } from '~/utils/navigation'
import type { AgencyStatus, Role } from '@aero/shared/user'

function user(role: Role, agency: { agencyId?: string | null; agencyStatus?: AgencyStatus } = {}) {
  return { name: 'Aisha Rahman', role, agencyId: agency.agencyId ?? null, agencyStatus: agency.agencyStatus ?? 'none' }
}

const labels = (items: { label: string }[]) => items.map((item) => item.label)

describe('headerLinks', () => {
  it('offers a signed-out visitor Unit Booking and Login, and no profile menu', () => {
    const links = headerLinks(null)
    expect(links.primary).toEqual([{ label: 'Unit Booking', to: '/aero-industrial-hub', reloadDocument: false }])
    expect(links.login).toEqual({ label: 'Login', to: '/login', reloadDocument: false })
    expect(links.account).toBeNull()
  })

  it('gives a plain user the Dashboard and no Login link', () => {
    const links = headerLinks(user('user'))
    expect(labels(links.primary)).toEqual(['Unit Booking'])
    expect(links.login).toBeNull()
    expect(links.account).toEqual({
      name: 'Aisha Rahman',
      panel: { label: 'Dashboard', to: '/enhanced-dashboard', reloadDocument: false },
    })
  })

  it('shows Agency Properties only to a user whose agency membership is approved', () => {
    expect(labels(headerLinks(user('user', { agencyId: '7', agencyStatus: 'approved' })).primary)).toEqual([
      'Unit Booking',
      'Agency Properties',
    ])
    for (const agencyStatus of ['pending', 'rejected', 'none'] as const) {
      expect(labels(headerLinks(user('user', { agencyId: '7', agencyStatus })).primary)).toEqual(['Unit Booking'])
    }
    // An approved status without an agency is not membership.
    expect(labels(headerLinks(user('user', { agencyId: null, agencyStatus: 'approved' })).primary)).toEqual([
      'Unit Booking',
    ])
  })

  it('gives an agent admin My Properties and the Agent Panel, both served by the backoffice', () => {
    const links = headerLinks(user('agent_admin', { agencyId: '3', agencyStatus: 'none' }))
    expect(links.primary).toContainEqual({ label: 'My Properties', to: '/agent-properties', reloadDocument: true })
    expect(links.account?.panel).toEqual({ label: 'Agent Panel', to: '/agent-dashboard', reloadDocument: true })
  })

  it.each(['super_admin', 'admin'] as const)('gives %s the Admin Panel and no My Properties', (role) => {
    const links = headerLinks(user(role))
    expect(labels(links.primary)).toEqual(['Unit Booking'])
    expect(links.account?.panel).toEqual({ label: 'Admin Panel', to: '/admin-dashboard', reloadDocument: true })
  })

  it("labels the profile menu with the user's name, or 'Profile' when there is none", () => {
    expect(headerLinks({ ...user('user'), name: '  ' }).account?.name).toBe('Profile')
    expect(headerLinks({ ...user('user'), name: '' }).account?.name).toBe('Profile')
  })
})
