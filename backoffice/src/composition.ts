import type { AccessRequest } from './providers/authProvider'
import type { ResourceTranslations } from './providers/i18nProvider'
import type {
  BackofficePlugin,
  CustomRoute,
  MenuEntry,
  ResourceDefinition,
  ResourceEndpoint,
  Widget,
} from './plugins/types'
import { effectiveRole, type BackofficeRole, type Role } from './roles'

/** Whether `role` is among `roles`; `undefined` roles mean "whoever sees the plugin". */
function admits(roles: readonly BackofficeRole[] | undefined, role: Role | undefined): boolean {
  if (role === undefined) return false
  const acting = effectiveRole(role)
  return roles === undefined || roles.some((allowed) => allowed === acting)
}

export function pluginsForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): BackofficePlugin[] {
  return plugins.filter((plugin) => admits(plugin.roles, role))
}

export function resourcesForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): ResourceDefinition[] {
  return pluginsForRole(plugins, role).flatMap((plugin) =>
    plugin.resources.filter((resource) => admits(resource.roles, role))
  )
}

/** The sidebar's entries for a role: in plugin order, then moved by their `order` (a stable sort). */
export function menuForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): MenuEntry[] {
  return pluginsForRole(plugins, role)
    .flatMap((plugin) => plugin.menu.filter((entry) => admits(entry.roles, role)))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

export function widgetsForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): Widget[] {
  return pluginsForRole(plugins, role)
    .flatMap((plugin) => plugin.dashboardWidgets.filter((widget) => admits(widget.roles, role)))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

/** The first dashboard tab; widgets without a `tab` are on it. */
export const OVERVIEW_TAB = 'Overview'

/** The dashboard's tabs for these widgets: Overview, then each widget's tab in order of appearance. */
export function dashboardTabs(widgets: readonly Widget[]): string[] {
  return [...new Set([OVERVIEW_TAB, ...widgets.map((widget) => widget.tab ?? OVERVIEW_TAB)])]
}

export function widgetsOnTab(widgets: readonly Widget[], tab: string): Widget[] {
  return widgets.filter((widget) => (widget.tab ?? OVERVIEW_TAB) === tab)
}

export function routesForRole(plugins: readonly BackofficePlugin[], role: Role | undefined): CustomRoute[] {
  return pluginsForRole(plugins, role).flatMap((plugin) => plugin.routes.filter((route) => admits(route.roles, role)))
}

/**
 * react-admin's `canAccess`: a role reaches the resources of the plugins it sees. This only
 * mirrors the backend, which authorizes every call itself.
 */
export function canAccessFor(
  plugins: readonly BackofficePlugin[],
  role: Role | undefined,
  { resource }: Pick<AccessRequest, 'resource'>
): boolean {
  return resourcesForRole(plugins, role).some((definition) => definition.name === resource)
}

/** A page the role does not see, and the roles that do (for the access-denied message). */
export interface UnreachablePage {
  path: string
  roles: BackofficeRole[]
}

/**
 * The pages of other roles: the shell answers them with an access-denied page rather than
 * "not found". (The backend refuses their calls all the same.)
 */
export function unreachablePagesForRole(
  plugins: readonly BackofficePlugin[],
  role: Role | undefined
): UnreachablePage[] {
  const reachable = new Set([
    ...resourcesForRole(plugins, role).map((resource) => `/${resource.name}/*`),
    ...routesForRole(plugins, role).map((route) => route.path),
  ])
  const pages = new Map<string, BackofficeRole[]>()
  for (const plugin of plugins) {
    const pagesOfPlugin = [
      ...plugin.resources.map((resource) => ({ path: `/${resource.name}/*`, roles: resource.roles ?? plugin.roles })),
      ...plugin.routes.map((route) => ({ path: route.path, roles: route.roles ?? plugin.roles })),
    ]
    for (const page of pagesOfPlugin) {
      if (!reachable.has(page.path) && !pages.has(page.path)) pages.set(page.path, page.roles)
    }
  }
  return [...pages].map(([path, roles]) => ({ path, roles }))
}

/** The backend endpoints of every resource whose name is not its /api path (for the data provider). */
export function resourceEndpoints(plugins: readonly BackofficePlugin[]): Record<string, ResourceEndpoint> {
  return Object.fromEntries(
    plugins.flatMap((plugin) =>
      plugin.resources.flatMap((resource) => (resource.endpoint ? [[resource.name, resource.endpoint] as const] : []))
    )
  )
}

/**
 * Every plugin's texts, for the i18n provider. A resource's name is written as the plugin
 * declares it: react-admin lower-cases it mid-sentence ("Delete lot MKS-25") unless it is also
 * the resource's `forcedCaseName`.
 */
export function pluginMessages(plugins: readonly BackofficePlugin[]): ResourceTranslations[] {
  return plugins.map(({ messages }) => ({
    resources: Object.fromEntries(
      Object.entries(messages.resources).map(([resource, texts]) => [
        resource,
        { ...texts, forcedCaseName: texts.name },
      ])
    ),
  }))
}
