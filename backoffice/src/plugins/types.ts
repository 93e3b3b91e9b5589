import type { ComponentType, ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import type { BackofficeRole } from '../roles';

/**
 * A react-admin resource a plugin contributes. `roles` narrows the plugin's roles for this
 * resource; left out, every role that sees the plugin sees the resource.
 */
export type ResourceDefinition = Pick<
  ResourceProps,
  'name' | 'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation' | 'options'
> & { roles?: BackofficeRole[] };

/** A sidebar link. `to` is a path inside the backoffice (`/profile`), without the basename. */
export interface MenuEntry {
  label: string;
  to: string;
  icon: ComponentType;
  roles?: BackofficeRole[];
}

/** A small dashboard card. */
export interface Widget {
  name: string;
  component: ComponentType;
  roles?: BackofficeRole[];
}

/** A page that is not a resource, shown inside the layout. `path` is relative to the backoffice. */
export interface CustomRoute {
  path: string;
  element: ReactNode;
  roles?: BackofficeRole[];
}

/** One business module of the backoffice (STYLE.md "Backoffice: plugins"). */
export interface BackofficePlugin {
  name: string;
  /** The roles that see the plugin at all; `admin` sees what `super_admin` sees. */
  roles: BackofficeRole[];
  resources: ResourceDefinition[];
  menu: MenuEntry[];
  dashboardWidgets: Widget[];
  routes: CustomRoute[];
}
