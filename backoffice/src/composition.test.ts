import { describe, expect, it } from 'vitest';
import {
  canAccessFor,
  menuForRole,
  pluginsForRole,
  resourcesForRole,
  routesForRole,
  widgetsForRole,
} from './composition';
import { plugins } from './plugins';
import type { BackofficePlugin } from './plugins/types';

const Nothing = () => null;

// Two plugins shaped like the modules to come: one shared with per-role parts, one super-admin only.
const shared: BackofficePlugin = {
  name: 'shared',
  roles: ['agent_admin', 'super_admin'],
  resources: [
    { name: 'agencies', list: Nothing, roles: ['super_admin'] },
    { name: 'membership-requests', list: Nothing, roles: ['agent_admin'] },
    { name: 'bookings', list: Nothing },
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
};

const superAdminOnly: BackofficePlugin = {
  name: 'superAdminOnly',
  roles: ['super_admin'],
  resources: [{ name: 'users', list: Nothing }],
  menu: [{ label: 'Users', to: '/users', icon: Nothing }],
  dashboardWidgets: [{ name: 'UserCount', component: Nothing }],
  routes: [{ path: '/all-bookings', element: null }],
};

const fixture = [shared, superAdminOnly];

const names = <T extends { name: string }>(items: T[]) => items.map((item) => item.name);

describe('composition of plugins for a role', () => {
  it('gives an agent admin exactly the agent parts', () => {
    expect(names(pluginsForRole(fixture, 'agent_admin'))).toEqual(['shared']);
    expect(names(resourcesForRole(fixture, 'agent_admin'))).toEqual(['membership-requests', 'bookings']);
    expect(menuForRole(fixture, 'agent_admin').map((entry) => entry.label)).toEqual([
      'Agency Membership Requests',
      'Bookings',
    ]);
    expect(names(widgetsForRole(fixture, 'agent_admin'))).toEqual(['PendingRequests']);
    expect(routesForRole(fixture, 'agent_admin').map((route) => route.path)).toEqual(['/create-booking', '/overview']);
  });

  it('gives a super admin exactly the super admin parts', () => {
    expect(names(pluginsForRole(fixture, 'super_admin'))).toEqual(['shared', 'superAdminOnly']);
    expect(names(resourcesForRole(fixture, 'super_admin'))).toEqual(['agencies', 'bookings', 'users']);
    expect(menuForRole(fixture, 'super_admin').map((entry) => entry.label)).toEqual(['Agencies', 'Bookings', 'Users']);
    expect(names(widgetsForRole(fixture, 'super_admin'))).toEqual(['AgencyCount', 'PendingRequests', 'UserCount']);
    expect(routesForRole(fixture, 'super_admin').map((route) => route.path)).toEqual(['/overview', '/all-bookings']);
  });

  it('treats admin exactly as super_admin', () => {
    expect(pluginsForRole(fixture, 'admin')).toEqual(pluginsForRole(fixture, 'super_admin'));
    expect(resourcesForRole(fixture, 'admin')).toEqual(resourcesForRole(fixture, 'super_admin'));
    expect(menuForRole(fixture, 'admin')).toEqual(menuForRole(fixture, 'super_admin'));
    expect(widgetsForRole(fixture, 'admin')).toEqual(widgetsForRole(fixture, 'super_admin'));
    expect(routesForRole(fixture, 'admin')).toEqual(routesForRole(fixture, 'super_admin'));
  });

  it('gives a plain user, or an unknown role, nothing', () => {
    for (const role of ['user', undefined] as const) {
      expect(pluginsForRole(fixture, role)).toEqual([]);
      expect(resourcesForRole(fixture, role)).toEqual([]);
      expect(menuForRole(fixture, role)).toEqual([]);
      expect(widgetsForRole(fixture, role)).toEqual([]);
      expect(routesForRole(fixture, role)).toEqual([]);
    }
  });

  it('lets canAccess reach only the resources the role sees', () => {
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'membership-requests' })).toBe(true);
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'agencies' })).toBe(false);
    expect(canAccessFor(fixture, 'agent_admin', { resource: 'users' })).toBe(false);
    expect(canAccessFor(fixture, 'admin', { resource: 'users' })).toBe(true);
    expect(canAccessFor(fixture, 'super_admin', { resource: 'membership-requests' })).toBe(false);
    expect(canAccessFor(fixture, 'user', { resource: 'bookings' })).toBe(false);
    expect(canAccessFor(fixture, 'super_admin', { resource: 'no-such-resource' })).toBe(false);
  });
});

describe('the composition root', () => {
  it('gives both backoffice roles My Profile, the signed-in card and the profile page', () => {
    for (const role of ['agent_admin', 'super_admin', 'admin'] as const) {
      expect(names(pluginsForRole(plugins, role))).toEqual(['identity']);
      expect(menuForRole(plugins, role).map(({ label, to }) => ({ label, to }))).toEqual([
        { label: 'My Profile', to: '/profile' },
      ]);
      expect(names(widgetsForRole(plugins, role))).toEqual(['SignedInCard']);
      expect(routesForRole(plugins, role).map((route) => route.path)).toEqual(['/profile']);
    }
  });

  it('gives a plain user nothing', () => {
    expect(pluginsForRole(plugins, 'user')).toEqual([]);
    expect(menuForRole(plugins, 'user')).toEqual([]);
    expect(widgetsForRole(plugins, 'user')).toEqual([]);
    expect(routesForRole(plugins, 'user')).toEqual([]);
  });
});
