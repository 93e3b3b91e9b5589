import { lazy } from 'react'
import ViewModuleIcon from '@mui/icons-material/ViewModule'
import type { BackofficePlugin } from '../../plugins/types'
import { inventoryDataProvider } from './dataProvider'
import { lotRepresentation } from './types'

const LotList = lazy(() => import('./lots/LotList'))
const LotCreate = lazy(() => import('./lots/LotCreate'))
const LotEdit = lazy(() => import('./lots/LotEdit'))

/** Developments' lots and units (requirements: super-admin.md#lots-management). */
export const inventoryPlugin: BackofficePlugin<ReturnType<typeof inventoryDataProvider>> = {
  name: 'inventory',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/lots',
      endpoint: { list: 'lots' },
      list: LotList,
      create: LotCreate,
      edit: LotEdit,
      icon: ViewModuleIcon,
      recordRepresentation: lotRepresentation,
    },
  ],
  menu: [{ label: 'Lots', to: '/admin/lots', icon: ViewModuleIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/lots': {
        name: 'Lot |||| Lots',
        fields: {
          propertyId: 'Property',
          lotNumber: 'Lot Number',
          unitNumber: 'Unit Number',
          title: 'Title',
          type: 'Type',
          typeCode: 'Type Code',
          status: 'Status',
          phase: 'Phase',
          size: 'Size (sqm)',
          landSize: 'Land Area',
          landAreaSqft: 'Land Area (sqft)',
          builtUpArea: 'Built-up Area (sqm)',
          price: 'Price (RM)',
          spaPrice: 'SPA Price',
          description: 'Description',
          updatedAt: 'Last Updated',
        },
        // 'Lot updated successfully.' (requirements: super-admin.md#lots-management); the API's 'Lot deleted
        // successfully.'.
        notifications: {
          created: 'Lot created successfully.',
          updated: 'Lot updated successfully.',
          deleted: 'Lot deleted successfully.',
        },
      },
    },
  },
  dataProvider: inventoryDataProvider,
}
