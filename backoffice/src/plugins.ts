import { agenciesPlugin } from './modules/agencies'
import { auditPlugin } from './modules/audit'
import { bookingsPlugin } from './modules/bookings'
import { contactPlugin } from './modules/contact'
import { dashboardsPlugin } from './modules/dashboards'
import { dataProtectionPlugin } from './modules/data_protection'
import { documentAccessPlugin } from './modules/document_access'
import { identityPlugin } from './modules/identity'
import { inventoryPlugin } from './modules/inventory'
import { notificationsPlugin } from './modules/notifications'
import { portfolioPlugin } from './modules/portfolio'
import { privacyPlugin } from './modules/privacy'
import { waitlistPlugin } from './modules/waitlist'
import type { BackofficePlugin } from './plugins/types'

/**
 * The composition root: App, the data provider's endpoints, the sidebar menu, the dashboard
 * and canAccess are built from this list. Adding a module is one folder under src/modules
 * and one line here. The sidebar lists entries in this order (requirements: super-admin.md#sidebar; Dashboard,
 * Agencies, Agent Admins, Lots, Booking Approvals, All Bookings, Users, then Contact
 * Messages and the Audit Trail); My Profile sets its own place, last.
 */
export const plugins = [
  dashboardsPlugin,
  agenciesPlugin,
  inventoryPlugin,
  bookingsPlugin,
  waitlistPlugin,
  identityPlugin,
  contactPlugin,
  portfolioPlugin,
  auditPlugin,
  documentAccessPlugin,
  privacyPlugin,
  dataProtectionPlugin,
  notificationsPlugin,
] as const satisfies readonly BackofficePlugin[]
