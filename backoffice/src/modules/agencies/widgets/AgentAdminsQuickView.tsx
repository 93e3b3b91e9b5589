import { useGetList } from 'react-admin'
import { QuickView } from '../../../components/QuickView'
import type { User } from '../../../providers/user'

/** Dashboard, Agent Admins tab: who runs which agency. */
export default function AgentAdminsQuickView() {
  const { data, total, isPending, error } = useGetList<User>('admin/agent-admins', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'name', order: 'ASC' },
    filter: { role: 'agent_admin' },
  })
  return (
    <QuickView
      title="Agent Admins"
      total={total}
      loading={isPending}
      failed={!!error}
      failureText="Failed to load agencies and users. Please try again later."
      emptyText="No agent admins yet."
      linkLabel="Manage agent admins"
      to="/admin/agent-admins"
      items={(data ?? []).map((user) => ({
        key: user.id,
        primary: user.name,
        secondary: `${user.email} · ${user.agencyName ?? 'No agency'}`,
      }))}
    />
  )
}
