import { ResourceQuickView } from '../../../components/QuickView'
import { formatDate, roleName } from '../../../format'
import type { User } from '@aero/shared/user'

/** Dashboard, Users tab: the newest accounts. */
export default function UsersQuickView() {
  return (
    <ResourceQuickView<User>
      resource="admin/users"
      sort={{ field: 'createdAt', order: 'DESC' }}
      title="Users"
      failureText="Failed to load users. Please try again later."
      emptyText="No users yet."
      linkLabel="Manage users"
      to="/admin/users"
      item={(user) => ({
        primary: `${user.name} · ${roleName(user.role)}`,
        secondary: `${user.email} · joined ${formatDate(user.createdAt)}`,
      })}
    />
  )
}
