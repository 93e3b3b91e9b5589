import { identityPlugin } from './modules/identity';
import type { BackofficePlugin } from './plugins/types';

/**
 * The composition root: App, the sidebar menu, the dashboard and canAccess are built from this
 * list. Adding a module is one folder under src/modules and one line here. The sidebar lists
 * entries in this order, and identity stays last so 'My Profile' closes the menu (spec 001).
 */
export const plugins: readonly BackofficePlugin[] = [identityPlugin];
