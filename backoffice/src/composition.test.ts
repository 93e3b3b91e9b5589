import { isValidElement } from 'react'
import { describe, expect, it } from 'vitest'
import { RedirectTo } from './components/RedirectTo'
import {
  canAccessFor,
  dashboardTabs,
  menuForRole,
  pluginsForRole,
  resourceEndpoints,
  resourcesForRole,
  routesForRole,
  unreachablePagesForRole,
  widgetsForRole,
  widgetsOnTab,
} from './composition'
import { plugins } from './plugins'
import type { BackofficePlugin } from './plugins/types'

const Nothing = () => null

// Two plugins shaped like the modules to come: one shared with per-role parts, one super-admin only.
const shared: BackofficePlugin = {
  name: 'shared',
  roles: ['agent_admin', 'super_admin'],
  resources: [
    { name: 'agencies', list: Nothing, recordRepresentation: 'name', roles: ['super_admin'] },
    { name: 'membership-requests', list: Nothing, recordRepresentation: 'name', roles: ['agent_admin'] },
    { name: 'bookings', list: Nothing, recordRepresentation: 'id' },
  ],
  menu: [
    { label: 'Agencies', to: '/agencies', icon: Nothing, roles: ['super_admin'] },
    { label: 'Agency Membership Requests', to: '/membership-requests', icon: Nothing, roles: ['agent_admin'] },
    { label: 'Bookings', to: '/bookings', icon: Nothing },
  ],
  dashboardWidgets: [
    { name: 'AgencyCount', component: Nothing, roles: ['super_admin'] },
    { name: 'PendingRequests', component: Nothing },
  ],
  routes: [
    { path: '/create-booking', element: null, roles: ['agent_admin'] },
    { path: '/overview', element: null },
  ],
  messages: { resources: {} },
}

const superAdminOnly: BackofficePlugin = {
  name: 'superAdminOnly',
  roles: ['super_admin'],
  resources: [{ name: 'users', list: Nothing, recordRepresentation: 'name' }],
  menu: [{ label: 'Users', to: '/users', icon: Nothing }],
  dashboardWidgets: [{ name: 'UserCount', component: Nothing }],
  routes: [{ path: '/all-bookings', element: null }],
  messages: { resources: {} },
}

const fixture = [shared, superAdminOnly]

const names = <T extends { name: string }>(items: T[]) => items.map((item) => item.name)

describe('composition of plugins for a role', () => {
  it('gives an agent admin exactly the agent parts', () => {
    expect(names(pluginsForRole(fixture, 'agent_admin'))).toEqual(['shared'])
    expect(names(resourcesForRole(fixture, 'agent_admin'))).toEqual(['membership-requests', 'bookings'])
    expect(menuForRole(fixture, 'agent_admin').map((entry) => entry.label)).toEqual([
      'Agency Membership Requests',
      'Bookings',
    ])
    expect(names(widgetsForRole(fixture, 'agent_admin'))).toEqual(['PendingRequests'])
    expect(routesForRole(fixture, 'agent_admin').map((route) => route.path)).toEqual(['/create-booking', '/overview'])
  })

  it('gives a super admin exactly the super admin parts', () => {
    expect(names(pluginsForRole(fixture, 'super_admin'))).toEqual(['shared', 'superAdminOnly'])
    expect(names(resourcesForRole(fixture, 'super_admin'))).toEqual(['agencies', 'bookings', 'users'])
    expect(menuForRole(fixture, 'super_admin').map((entry) => entry.label)).toEqual(['Agencies', 'Bookings', 'Users'])
    expect(names(widgetsForRole(fixture, 'super_admin'))).toEqual(['AgencyCount', 'PendingRequests', 'UserCount'])
    expect(routesForRole(fixture, 'super_admin').map((route) => route.path)).toEqual(['/overview', '/all-bookings'])
  })

  it('treats admin exactly as super_admin', () => {
    expect(pluginsForRole(fixture, 'admin')).toEqual(pluginsForRole(fixture, 'super_admin'))
    expect(resourcesForRole(fixture, 'admin')).toEqual(resourcesForRole(fixture, 'super_admin'))
    expect(menuForRole(fixture, 'admin')).toEqual(menuForRole(fixture, 'super_admin'))
    expect(widgetsForRole(fixture, 'admin')).toEqual(widgetsForRole(fixture, 'super_admin'))
    expect(routesForRole(fixture, 'admin')).toEqual(routesForRole(fixture, 'super_admin'))
  })

  it('gives a plain user, or an unknown role, nothing', () => {
    for (const role of ['user', undefined] as const) {
      expect(pluginsForRole(fixture, role)).toEqual([])
      expect(resourcesForRole(fixture, role)).toEqual([])
      expect(menuForRole(fixture, role)).toEqual([])
      expect(widgetsForRole(fixture, role)).toEqual([])
      expect(routesForRole(fixture, role)).toEqual([])
    }
  })

  it('lets canAccess reach only the resources the role sees', () => {
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'membership-requests' })).toBe(true)
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'agencies' })).toBe(false)
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'users' })).toBe(false)
    expect(canAccessFor(fixture, 'admin', { resource: 'users' })).toBe(true)
    expect(canAccessFor(fixture, 'super_admin', { resource: 'membership-requests' })).toBe(false)
    expect(canAccessFor(fixture, 'user', { resource: 'bookings' })).toBe(false)
    expect(canAccessFor(fixture, 'super_admin', { resource: 'no-such-resource' })).toBe(false)
  })
})

describe('ordering, tabs and unreachable pages', () => {
  it('moves menu entries and widgets by their order, keeping plugin order otherwise', () => {
    const early: BackofficePlugin = {
      name: 'early',
      roles: ['super_admin'],
      resources: [],
      menu: [
        { label: 'Profile', to: '/profile', icon: Nothing, order: 100 },
        { label: 'First', to: '/first', icon: Nothing },
      ],
      dashboardWidgets: [
        { name: 'Late', component: Nothing, tab: 'Late', order: 2 },
        { name: 'Card', component: Nothing },
      ],
      routes: [],
      messages: { resources: {} },
    }
    const late: BackofficePlugin = {
      ...superAdminOnly,
      dashboardWidgets: [{ name: 'Early', component: Nothing, tab: 'Early', order: 1 }],
    }
    expect(menuForRole([early, late], 'super_admin').map((entry) => entry.label)).toEqual(['First', 'Users', 'Profile'])
    const widgets = widgetsForRole([early, late], 'super_admin')
    expect(names(widgets)).toEqual(['Card', 'Early', 'Late'])
    expect(dashboardTabs(widgets)).toEqual(['Overview', 'Early', 'Late'])
    expect(names(widgetsOnTab(widgets, 'Overview'))).toEqual(['Card'])
  })

  it('lists the pages of other roles, so that they answer access denied', () => {
    expect(unreachablePagesForRole(fixture, 'agent_admin')).toEqual([
      { path: '/agencies/*', roles: ['super_admin'] },
      { path: '/users/*', roles: ['super_admin'] },
      { path: '/all-bookings', roles: ['super_admin'] },
    ])
    expect(unreachablePagesForRole(fixture, 'super_admin')).toEqual([
      { path: '/membership-requests/*', roles: ['agent_admin'] },
      { path: '/create-booking', roles: ['agent_admin'] },
    ])
  })

  it('collects the endpoints of resources named apart from their API path', () => {
    expect(resourceEndpoints(plugins)).toEqual({
      'admin/agencies': { list: 'agencies' },
      'admin/agent-admins': { list: 'users' },
      'admin/lots': { list: 'lots' },
      'admin/packages': { list: 'packages' },
      'admin/bookings': { list: 'bookings/admin', record: 'bookings' },
      'admin/all-bookings': { list: 'bookings/admin', record: 'bookings' },
      'admin/users': { list: 'users' },
      'admin/contact-messages': { list: 'contact-messages' },
      'admin/audit-entries': { list: 'audit-entries' },
      'admin/document-accesses': { list: 'document-accesses' },
      'admin/account-deletion-requests': { list: 'account-deletion-requests' },
      'admin/data-breaches': { list: 'data-breaches' },
      'admin/data-breach-notices': { list: 'data-breach-notices' },
      'admin/data-protection-officer': { list: 'data-protection-officer' },
      'admin/failed-jobs': { list: 'admin/jobs/failed' },
      'admin/outbox': { list: 'admin/outbox' },
      'agent/booking-requests': { list: 'bookings/agent', record: 'bookings' },
      'agent/waitlist': { list: 'agency/waitlist', paging: 'page' },
    })
  })
})

describe('the composition root', () => {
  it('gives a super admin, and an admin, the super admin plugins, sidebar, dashboard and pages', () => {
    for (const role of ['super_admin', 'admin'] as const) {
      expect(names(pluginsForRole(plugins, role))).toEqual([
        'dashboards',
        'agencies',
        'inventory',
        'bookings',
        'waitlist',
        'identity',
        'contact',
        'portfolio',
        'audit',
        'document-access',
        'privacy',
        'data-protection',
        'notifications',
      ])
      // The required admin sidebar (requirements: super-admin.md#sidebar), then Contact Messages, the platform's
      // records and settings; My Profile for everyone, last.
      expect(menuForRole(plugins, role).map(({ label, to }) => `${label} ${to}`)).toEqual([
        'Agencies /admin/agencies',
        'Agent Admins /admin/agent-admins',
        'Lots /admin/lots',
        'Booking Approvals /admin/bookings',
        'All Bookings /admin/all-bookings',
        'Users /admin/users',
        'Contact Messages /admin/contact-messages',
        'Audit Trail /admin/audit-entries',
        'Document Access /admin/document-accesses',
        'Deletion Requests /admin/account-deletion-requests',
        'Breach Register /admin/data-breaches',
        'Data Protection Officer /data-protection-officer',
        'Failed Jobs /admin/failed-jobs',
        'Outbox /admin/outbox',
        'Packages /admin/packages',
        'Release Batches /admin/release-batches',
        'Booking Fees /booking-fees',
        'Privacy Notice /privacy-notice',
        'My Profile /profile',
      ])
      expect(names(resourcesForRole(plugins, role))).toEqual([
        'admin/agencies',
        'admin/agent-admins',
        'admin/lots',
        'admin/packages',
        'admin/bookings',
        'admin/all-bookings',
        'admin/users',
        'admin/contact-messages',
        'admin/audit-entries',
        'admin/document-accesses',
        'admin/account-deletion-requests',
        'admin/data-breaches',
        'admin/data-breach-notices',
        'admin/data-protection-officer',
        'admin/failed-jobs',
        'admin/outbox',
      ])
      const widgets = widgetsForRole(plugins, role)
      // The dashboard tabs (requirements: super-admin.md#admin-dashboard): Overview, Agencies, Users, Agent
      // Admins, Booking Requests.
      expect(dashboardTabs(widgets)).toEqual(['Overview', 'Agencies', 'Users', 'Agent Admins', 'Booking Requests'])
      expect(names(widgetsOnTab(widgets, 'Overview'))).toEqual([
        'AdminOverview',
        'SignedInCard',
        'BreachClocks',
        'AdminApprovalTimes',
        'BumiputeraQuotaPanel',
      ])
      // The route guard admits super admins to the agent admin's routes: each one leads somewhere.
      expect(routesForRole(plugins, role).map((route) => route.path)).toEqual([
        '/admin',
        '/admin-dashboard',
        '/agent-dashboard',
        '/admin/agencies/:id',
        '/agent/agency-requests',
        '/admin/release-batches',
        '/bookings/create',
        '/booking-fees',
        '/privacy-notice',
        '/agent/booking-requests/*',
        '/agent/waitlist/*',
        '/profile',
        '/agent-properties',
        '/data-protection-officer',
      ])
      expect(unreachablePagesForRole(plugins, role)).toEqual([])
    }
  })

  it("gives a super admin, on each of the agent admin's routes, what fits their role instead of access denied", () => {
    for (const role of ['super_admin', 'admin'] as const) {
      const page = (path: string, as: typeof role | 'agent_admin' = role) => {
        const route = routesForRole(plugins, as).find((candidate) => candidate.path === path)
        if (!isValidElement<{ to?: string }>(route?.element)) throw new Error(`${as} has no page at ${path}`)
        return route.element
      }
      // The same pages as the agent admin's: the dashboard (whose Booking Requests tab the
      // super admin's home has too), booking for a client, and every agency's membership requests.
      for (const path of ['/agent-dashboard', '/bookings/create', '/agent/agency-requests']) {
        expect(page(path).type).toBe(page(path, 'agent_admin').type)
      }
      // Their agency's booking requests: Booking Approvals, the platform's queue.
      expect(page('/agent/booking-requests/*').type).toBe(RedirectTo)
      expect(page('/agent/booking-requests/*').props.to).toBe('/admin/bookings')
      // Their members' waitlist: the Lots screens, where each lot's whole line is.
      expect(page('/agent/waitlist/*').type).toBe(RedirectTo)
      expect(page('/agent/waitlist/*').props.to).toBe('/admin/lots')
      // A portfolio is an agent admin's own: the page says so, rather than listing nothing.
      expect(page('/agent-properties').type).not.toBe(page('/agent-properties', 'agent_admin').type)
      // None of it is in their sidebar, which stays as required (requirements: super-admin.md#sidebar).
      expect(menuForRole(plugins, role).map((entry) => entry.to)).not.toContain('/bookings/create')
    }
  })

  it("gives an agent admin exactly the agent sidebar, dashboard tabs and pages, and none of the super admin's", () => {
    expect(names(pluginsForRole(plugins, 'agent_admin'))).toEqual([
      'dashboards',
      'agencies',
      'bookings',
      'waitlist',
      'identity',
      'portfolio',
    ])
    // The required agent sidebar (requirements: super-admin.md#sidebar; Dashboard is the shell's first entry),
    // then My Properties and My Profile.
    expect(menuForRole(plugins, 'agent_admin').map(({ label, to }) => `${label} ${to}`)).toEqual([
      'Agency Membership Requests /agent/agency-requests',
      'Booking Requests /agent/booking-requests',
      'Create Booking /bookings/create',
      'Waitlist /agent/waitlist',
      'My Properties /agent-properties',
      'My Profile /profile',
    ])
    expect(names(resourcesForRole(plugins, 'agent_admin'))).toEqual(['agent/booking-requests', 'agent/waitlist'])
    const widgets = widgetsForRole(plugins, 'agent_admin')
    // The agent dashboard tabs (requirements: agent-admin.md#agent-dashboard).
    expect(dashboardTabs(widgets)).toEqual([
      'Overview',
      'Agency Users',
      'Booking Requests',
      'Booking History',
      'Agency Requests',
    ])
    expect(names(widgetsOnTab(widgets, 'Overview'))).toEqual(['AgentOverview', 'SignedInCard', 'AgentApprovalTimes'])
    expect(names(widgets)).toEqual([
      'AgentOverview',
      'SignedInCard',
      'AgencyUsersTab',
      'BookingRequestsTab',
      'BookingHistoryTab',
      'AgencyRequestsTab',
      'AgentApprovalTimes',
    ])
    expect(routesForRole(plugins, 'agent_admin').map((route) => route.path)).toEqual([
      '/agent-dashboard',
      '/agent/agency-requests',
      '/bookings/create',
      '/profile',
      '/agent-properties',
    ])
    expect(canAccessFor(plugins, 'agent_admin', { resource: 'agent/booking-requests' })).toBe(true)
    expect(canAccessFor(plugins, 'agent_admin', { resource: 'agent/waitlist' })).toBe(true)
    for (const resource of [
      'admin/users',
      'admin/agencies',
      'admin/bookings',
      'admin/all-bookings',
      'admin/lots',
      'admin/agent-admins',
    ]) {
      expect(canAccessFor(plugins, 'agent_admin', { resource })).toBe(false)
    }
    // The super admin's pages answer "access denied" to an agent admin.
    expect(unreachablePagesForRole(plugins, 'agent_admin').map((page) => page.path)).toEqual([
      '/admin',
      '/admin-dashboard',
      '/admin/agencies/*',
      '/admin/agent-admins/*',
      '/admin/agencies/:id',
      '/admin/lots/*',
      '/admin/packages/*',
      '/admin/release-batches',
      '/admin/bookings/*',
      '/admin/all-bookings/*',
      '/booking-fees',
      '/privacy-notice',
      '/admin/users/*',
      '/admin/contact-messages/*',
      '/admin/audit-entries/*',
      '/admin/document-accesses/*',
      '/admin/account-deletion-requests/*',
      '/admin/data-breaches/*',
      '/admin/data-breach-notices/*',
      '/admin/data-protection-officer/*',
      '/data-protection-officer',
      '/admin/failed-jobs/*',
      '/admin/outbox/*',
    ])
  })

  it('gives a plain user nothing', () => {
    expect(pluginsForRole(plugins, 'user')).toEqual([])
    expect(menuForRole(plugins, 'user')).toEqual([])
    expect(widgetsForRole(plugins, 'user')).toEqual([])
    expect(routesForRole(plugins, 'user')).toEqual([])
  })
})
