import { lazy } from 'react'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import type { BackofficePlugin } from '../../plugins/types'
import { deletionRequestRepresentation } from './types'

const DeletionRequestList = lazy(() => import('./requests/DeletionRequestList'))

/** A person's rights (docs/privacy.md): the super admins answer account deletion requests. */
export const privacyPlugin: BackofficePlugin = {
  name: 'privacy',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/account-deletion-requests',
      endpoint: { list: 'account-deletion-requests' },
      list: DeletionRequestList,
      icon: PersonRemoveIcon,
      recordRepresentation: deletionRequestRepresentation,
    },
  ],
  menu: [{ label: 'Deletion Requests', to: '/admin/account-deletion-requests', icon: PersonRemoveIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/account-deletion-requests': { name: 'Deletion Request |||| Deletion Requests', fields: {} },
    },
  },
}
