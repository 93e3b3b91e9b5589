import { lazy } from 'react'
import VisibilityIcon from '@mui/icons-material/Visibility'
import type { BackofficePlugin } from '../../plugins/types'

const DocumentAccessList = lazy(() => import('./DocumentAccessList'))

/** Who viewed or downloaded which booking document (PDPA access log), for super admins: read-only, filtered, CSV. */
export const documentAccessPlugin: BackofficePlugin = {
  name: 'document-access',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/document-accesses',
      endpoint: { list: 'document-accesses' },
      list: DocumentAccessList,
      icon: VisibilityIcon,
      recordRepresentation: (record) => `Access #${record.id}`,
    },
  ],
  menu: [{ label: 'Document Access', to: '/admin/document-accesses', icon: VisibilityIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/document-accesses': { name: 'Document Access |||| Document Access', fields: {} },
    },
  },
}
