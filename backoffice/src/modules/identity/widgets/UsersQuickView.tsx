import { useGetList } from 'react-admin'
import { QuickView } from '../../../components/QuickView'
import { formatDate, roleName } from '../../../format'
import type { User } from '../../../providers/user'

/** Dashboard, Users tab: the newest accounts. */
export default function UsersQuickView() {
  const { data, total, isPending, error } = useGetList<User>('admin/users', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'createdAt', order: 'DESC' },
  })
  return (
    <QuickView
      title="Users"
      total={total}
      loading={isPending}
      failed={!!error}
      failureText="Failed to load users. Please try again later."
      emptyText="No users yet."
      linkLabel="Manage users"
      to="/admin/users"
      items={(data ?? []).map((user) => ({
        key: user.id,
        primary: `${user.name} · ${roleName(user.role)}`,
        secondary: `${user.email} · joined ${formatDate(user.createdAt)}`,
      }))}
    />
  )
}
