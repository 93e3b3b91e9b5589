import { render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createAuthProvider } from '../providers/authProvider'
import type { Role } from '../roles'
import { Menu } from './Menu'
import { SidebarHeader } from './SidebarHeader'

const fetchMock = vi.fn<typeof fetch>()

/** The real authProvider over a backend whose GET /api/users/me answers this user. */
const signedInAs = (name: string, email: string, role: Role) => {
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ id: 3, _id: 3, name, email, role, phone: null }))
  )
  return createAuthProvider({ canAccess: () => true, navigateTo: vi.fn() })
}

const renderInAdmin = (ui: React.ReactNode, role: Role, name = 'Nurul Huda') =>
  render(
    <MemoryRouter initialEntries={['/backoffice/']}>
      <AdminContext
        basename="/backoffice"
        authProvider={signedInAs(name, 'admin@aero-demo.my', role)}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        {ui}
      </AdminContext>
    </MemoryRouter>
  )

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('SidebarHeader', () => {
  it('shows the initial, name, email and Super Admin label of a super admin', async () => {
    renderInAdmin(<SidebarHeader />, 'super_admin')

    const header = await screen.findByRole('region', { name: 'Signed-in user' })
    expect(within(header).getByText('N')).toBeTruthy()
    expect(within(header).getByText('Nurul Huda')).toBeTruthy()
    expect(within(header).getByText('admin@aero-demo.my')).toBeTruthy()
    expect(within(header).getByText('Super Admin')).toBeTruthy()
  })

  it('labels admin as Super Admin and agent_admin as Agent Admin', async () => {
    const { unmount } = renderInAdmin(<SidebarHeader />, 'admin', 'amir')
    const adminHeader = await screen.findByRole('region', { name: 'Signed-in user' })
    expect(within(adminHeader).getByText('A')).toBeTruthy()
    expect(within(adminHeader).getByText('Super Admin')).toBeTruthy()
    unmount()

    renderInAdmin(<SidebarHeader />, 'agent_admin')
    const agentHeader = await screen.findByRole('region', { name: 'Signed-in user' })
    expect(within(agentHeader).getByText('Agent Admin')).toBeTruthy()
  })
})

describe('Menu', () => {
  it('lists Dashboard and the entries of the role, as links inside /backoffice', async () => {
    renderInAdmin(<Menu />, 'agent_admin')

    const profileLink = await screen.findByRole('menuitem', { name: 'My Profile' })
    expect(profileLink.getAttribute('href')).toBe('/backoffice/profile')
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/backoffice/')
    // The required agent admin sidebar (requirements: super-admin.md#sidebar), then My Properties and My Profile.
    expect(screen.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Dashboard', '/backoffice/'],
      ['Agency Membership Requests', '/backoffice/agent/agency-requests'],
      ['Booking Requests', '/backoffice/agent/booking-requests'],
      ['Create Booking', '/backoffice/bookings/create'],
      ['Waitlist', '/backoffice/agent/waitlist'],
      ['My Properties', '/backoffice/agent-properties'],
      ['My Profile', '/backoffice/profile'],
    ])
    expect(await screen.findByText('Agent Admin')).toBeTruthy()
  })
})

describe('Menu of a super admin', () => {
  it('lists the admin links (requirements: super-admin.md#sidebar), then Contact Messages, the platform records and settings, My Profile', async () => {
    renderInAdmin(<Menu />, 'super_admin')

    await screen.findByRole('menuitem', { name: 'Agencies' })
    expect(screen.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Dashboard', '/backoffice/'],
      ['Agencies', '/backoffice/admin/agencies'],
      ['Agent Admins', '/backoffice/admin/agent-admins'],
      ['Lots', '/backoffice/admin/lots'],
      ['Booking Approvals', '/backoffice/admin/bookings'],
      ['All Bookings', '/backoffice/admin/all-bookings'],
      ['Users', '/backoffice/admin/users'],
      ['Contact Messages', '/backoffice/admin/contact-messages'],
      ['Audit Trail', '/backoffice/admin/audit-entries'],
      ['Document Access', '/backoffice/admin/document-accesses'],
      ['Deletion Requests', '/backoffice/admin/account-deletion-requests'],
      ['Breach Register', '/backoffice/admin/data-breaches'],
      ['Data Protection Officer', '/backoffice/data-protection-officer'],
      ['Failed Jobs', '/backoffice/admin/failed-jobs'],
      ['Outbox', '/backoffice/admin/outbox'],
      ['Packages', '/backoffice/admin/packages'],
      ['Release Batches', '/backoffice/admin/release-batches'],
      ['Booking Fees', '/backoffice/booking-fees'],
      ['Privacy Notice', '/backoffice/privacy-notice'],
      ['My Profile', '/backoffice/profile'],
    ])
  })
})
