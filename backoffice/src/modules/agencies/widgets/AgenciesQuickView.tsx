import { Chip } from '@mui/material'
import { useGetList } from 'react-admin'
import { QuickView } from '../../../components/QuickView'
import type { Agency } from '../types'

/** Dashboard, Agencies tab: the agencies at a glance. */
export default function AgenciesQuickView() {
  const { data, total, isPending, error } = useGetList<Agency>('admin/agencies', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'name', order: 'ASC' },
  })
  return (
    <QuickView
      title="Agencies"
      total={total}
      loading={isPending}
      failed={!!error}
      failureText="Failed to load agencies. Please try again."
      emptyText="No agencies yet."
      linkLabel="Manage agencies"
      to="/admin/agencies"
      items={(data ?? []).map((agency) => ({
        key: agency.id,
        primary: agency.name,
        secondary: `${agency.contactEmail} · ${agency.contactPhone || 'N/A'}`,
        aside: (
          <Chip
            size="small"
            label={agency.isActive ? 'Active' : 'Inactive'}
            color={agency.isActive ? 'success' : 'default'}
          />
        ),
      }))}
    />
  )
}
