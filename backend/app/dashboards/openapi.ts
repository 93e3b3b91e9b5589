import type { ModuleDocs } from '#core/openapi/types'
import { AGENT_DASHBOARD_FORBIDDEN } from '#dashboards/policies/dashboard_policy'

/** The dashboards' routes in the API reference (/api/docs). */
export default {
  tag: 'Dashboards',
  description: 'The figures of the admin and agent dashboards, each counted in SQL by the module that owns the data.',
  operations: {
    'GET /api/dashboard/admin': {
      summary: 'Admin dashboard figures',
      admits: 'super_admin',
      description:
        'Total agencies, users (and by role), agent admins, booking requests and those pending approval, pending membership requests and new contact messages.',
    },
    'GET /api/dashboard/agent': {
      summary: 'Agent dashboard figures',
      description:
        "The agent admin's agency card (name, contact email, phone or N/A, address or N/A), its members, pending bookings and membership requests.",
      responses: { 403: AGENT_DASHBOARD_FORBIDDEN, 404: 'Agency not found' },
    },
  },
} satisfies ModuleDocs
