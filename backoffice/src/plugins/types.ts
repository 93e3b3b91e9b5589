import type { ComponentType, ReactNode } from 'react'
import type { ResourceProps } from 'react-admin'
import type { BackofficeRole } from '../roles'

/**
 * Where a resource's records live under /api, when that differs from the resource name.
 * Resource names are also the backoffice's URL paths (`admin/users` is served at
 * /backoffice/admin/users, as the spec's route table has it), so the data provider maps
 * them to the backend's endpoints: `list` for getList, `record` for one record's
 * reads and writes (`/api/{record}/{id}`). Left out, `record` is `list`.
 */
export interface ResourceEndpoint {
  list: string
  record?: string
  /**
   * How the list pages: ra-data-simple-rest's `range` and Content-Range (left out), or `page`
   * and `perPage` answered by `{ data, total }` (the waitlist's lists).
   */
  paging?: 'page'
}

/**
 * A react-admin resource a plugin contributes. `roles` narrows the plugin's roles for this
 * resource; left out, every role that sees the plugin sees the resource. Its name on screen
 * comes from the plugin's messages; `recordRepresentation` names one record in the business's
 * words (a lot by its unit number, a user by name), e.g. in "Delete Lot MKS-25".
 */
export type ResourceDefinition = Pick<ResourceProps, 'name' | 'list' | 'create' | 'edit' | 'show' | 'icon'> &
  Required<Pick<ResourceProps, 'recordRepresentation'>> & { roles?: BackofficeRole[]; endpoint?: ResourceEndpoint }

/**
 * A resource's texts for react-admin's i18n, in the business's words: its name, singular and
 * plural ('Lot |||| Lots'), its fields' labels, and the notices of its create, update and delete.
 */
export interface ResourceMessages {
  name: string
  fields?: Record<string, string>
  notifications?: { created?: string; updated?: string; deleted?: string }
}

/** A plugin's texts, merged into the backoffice's i18n messages by the composition root. */
export interface PluginMessages {
  /** By resource name: every resource of the plugin has its entry. */
  resources: Record<string, ResourceMessages>
}

/**
 * A sidebar link. `to` is a path inside the backoffice (`/profile`), without the basename.
 * Entries are listed in plugin order; `order` moves one (higher is lower in the sidebar,
 * entries without it count as 0), e.g. My Profile closes the menu.
 */
export interface MenuEntry {
  label: string
  to: string
  icon: ComponentType
  roles?: BackofficeRole[]
  order?: number
}

/**
 * A small dashboard card. `tab` names the dashboard tab it belongs to; left out, the
 * card is on the first tab, Overview. Tabs and cards follow plugin order, moved by `order`
 * as menu entries are.
 */
export interface Widget {
  name: string
  component: ComponentType
  roles?: BackofficeRole[]
  tab?: string
  order?: number
}

/** A page that is not a resource, shown inside the layout. `path` is relative to the backoffice. */
export interface CustomRoute {
  path: string
  element: ReactNode
  roles?: BackofficeRole[]
}

/** What a plugin's data-provider methods call the backend with. */
export interface DataProviderApi {
  /** A call to `/api{path}`, answered as JSON. */
  json<T>(path: string, init?: RequestInit): Promise<T>
  /** A call to `/api{path}` whose answer is kept as text (a CSV export). */
  text(path: string): Promise<string>
}

/**
 * Every plugin's data-provider methods, by plugin name. Each module adds its entry beside its
 * methods (`declare module '../../plugins/types'`), so the data provider's type
 * (providers/dataProvider.ts) names no module; the composition root checks the entries against
 * the plugins' own methods (src/dataProvider.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface PluginDataProviders {}

/**
 * A plugin's named data-provider methods, for the calls that are not CRUD: made from the
 * provider's calls to /api, merged into the one data provider (providers/dataProvider.ts).
 */
export type DataProviderPart<Methods extends object = object> = (api: DataProviderApi) => Methods

/**
 * One business module of the backoffice. `Methods` are the
 * data-provider methods it contributes; screens reach them through `BackofficeDataProvider`.
 */
export interface BackofficePlugin<Methods extends object = object> {
  name: string
  /** The roles that see the plugin at all; `admin` sees what `super_admin` sees. */
  roles: BackofficeRole[]
  resources: ResourceDefinition[]
  menu: MenuEntry[]
  dashboardWidgets: Widget[]
  routes: CustomRoute[]
  messages: PluginMessages
  dataProvider?: DataProviderPart<Methods>
}
