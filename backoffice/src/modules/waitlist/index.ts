import { createElement, lazy } from 'react'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import { RedirectTo } from '../../components/RedirectTo'
import type { BackofficePlugin } from '../../plugins/types'
import { waitlistDataProvider } from './dataProvider'
import { AGENCY_WAITLIST_ENDPOINT, AGENCY_WAITLIST_RESOURCE, waitlistLotName, type AgencyWaitlistEntry } from './types'

// Loaded when first opened, as every screen.
const AgencyWaitlistList = lazy(() => import('./agency/AgencyWaitlistList'))

/**
 * A waitlist per lot: the agent admin sees where their agency's members stand in the
 * lines of reserved lots. The super admin sees each lot's whole line on the Lots screens (inventory).
 */
export const waitlistPlugin: BackofficePlugin<ReturnType<typeof waitlistDataProvider>> = {
  name: 'waitlist',
  roles: ['super_admin', 'agent_admin'],
  resources: [
    {
      name: AGENCY_WAITLIST_RESOURCE,
      endpoint: AGENCY_WAITLIST_ENDPOINT,
      list: AgencyWaitlistList,
      icon: HourglassTopIcon,
      recordRepresentation: (entry: AgencyWaitlistEntry) => waitlistLotName(entry.lot),
      roles: ['agent_admin'],
    },
  ],
  menu: [{ label: 'Waitlist', to: `/${AGENCY_WAITLIST_RESOURCE}`, icon: HourglassTopIcon, roles: ['agent_admin'] }],
  dashboardWidgets: [],
  routes: [
    // A super admin reads every lot's whole line on the Lots screens.
    {
      path: `/${AGENCY_WAITLIST_RESOURCE}/*`,
      element: createElement(RedirectTo, { to: '/admin/lots' }),
      roles: ['super_admin'],
    },
  ],
  messages: {
    resources: {
      [AGENCY_WAITLIST_RESOURCE]: {
        name: 'Waitlist Entry |||| Waitlist',
        fields: {
          lot: 'Lot',
          user: 'Member',
          position: 'Position',
          status: 'Status',
          joinedAt: 'Joined',
        },
      },
    },
  },
  dataProvider: waitlistDataProvider,
}
