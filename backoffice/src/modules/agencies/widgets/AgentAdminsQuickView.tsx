import { ResourceQuickView } from '../../../components/QuickView'
import type { User } from '@aero/shared/user'

/** Dashboard, Agent Admins tab: who runs which agency. */
export default function AgentAdminsQuickView() {
  return (
    <ResourceQuickView<User>
      resource="admin/agent-admins"
      sort={{ field: 'name', order: 'ASC' }}
      filter={{ role: 'agent_admin' }}
      title="Agent Admins"
      failureText="Failed to load agencies and users. Please try again later."
      emptyText="No agent admins yet."
      linkLabel="Manage agent admins"
      to="/admin/agent-admins"
      item={(user) => ({ primary: user.name, secondary: `${user.email} · ${user.agencyName ?? 'No agency'}` })}
    />
  )
}
