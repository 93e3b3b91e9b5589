import type { AccessRequest } from './providers/authProvider';
import type {
  BackofficePlugin,
  CustomRoute,
  MenuEntry,
  ResourceDefinition,
  Widget,
} from './plugins/types';
import { effectiveRole, type BackofficeRole, type Role } from './roles';

/** Whether `role` is among `roles`; `undefined` roles mean "whoever sees the plugin". */
function admits(roles: readonly BackofficeRole[] | undefined, role: Role | undefined): boolean {
  if (role === undefined) return false;
  const acting = effectiveRole(role);
  return roles === undefined || roles.some((allowed) => allowed === acting);
}

export function pluginsForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): BackofficePlugin[] {
  return plugins.filter((plugin) => admits(plugin.roles, role));
}

export function resourcesForRole(
  plugins: readonly BackofficePlugin[],
  role: Role | undefined,
): ResourceDefinition[] {
  return pluginsForRole(plugins, role).flatMap((plugin) =>
    plugin.resources.filter((resource) => admits(resource.roles, role)),
  );
}

export function menuForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): MenuEntry[] {
  return pluginsForRole(plugins, role).flatMap((plugin) => plugin.menu.filter((entry) => admits(entry.roles, role)));
}

export function widgetsForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): Widget[] {
  return pluginsForRole(plugins, role).flatMap((plugin) =>
    plugin.dashboardWidgets.filter((widget) => admits(widget.roles, role)),
  );
}

export function routesForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): CustomRoute[] {
  return pluginsForRole(plugins, role).flatMap((plugin) => plugin.routes.filter((route) => admits(route.roles, role)));
}

/**
 * react-admin's `canAccess`: a role reaches the resources of the plugins it sees. This only
 * mirrors the backend, which authorizes every call itself.
 */
export function canAccessFor(
  plugins: readonly BackofficePlugin[],
  role: Role | undefined,
  { resource }: Pick<AccessRequest, 'resource'>,
): boolean {
  return resourcesForRole(plugins, role).some((definition) => definition.name === resource);
}
