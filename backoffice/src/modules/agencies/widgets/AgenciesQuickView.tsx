import { Chip } from '@mui/material'
import { ResourceQuickView } from '../../../components/QuickView'
import type { Agency } from '../types'

/** Dashboard, Agencies tab: the agencies at a glance. */
export default function AgenciesQuickView() {
  return (
    <ResourceQuickView<Agency>
      resource="admin/agencies"
      sort={{ field: 'name', order: 'ASC' }}
      title="Agencies"
      failureText="Failed to load agencies. Please try again."
      emptyText="No agencies yet."
      linkLabel="Manage agencies"
      to="/admin/agencies"
      item={(agency) => ({
        primary: agency.name,
        secondary: `${agency.contactEmail} · ${agency.contactPhone || 'N/A'}`,
        aside: (
          <Chip
            size="small"
            label={agency.isActive ? 'Active' : 'Inactive'}
            color={agency.isActive ? 'success' : 'default'}
          />
        ),
      })}
    />
  )
}
