import { createElement, lazy } from 'react'
import ViewModuleIcon from '@mui/icons-material/ViewModule'
import LocalOfferIcon from '@mui/icons-material/LocalOffer'
import EventIcon from '@mui/icons-material/Event'
import type { BackofficePlugin } from '../../plugins/types'
import { inventoryDataProvider } from './dataProvider'
import { lotRepresentation } from './types'
import { PACKAGES_RESOURCE, packageRepresentation } from './packages/types'
import { releaseBatchesDataProvider } from './releases/dataProvider'

const LotList = lazy(() => import('./lots/LotList'))
const LotCreate = lazy(() => import('./lots/LotCreate'))
const LotEdit = lazy(() => import('./lots/LotEdit'))
const PackageList = lazy(() => import('./packages/PackageList'))
const PackageCreate = lazy(() => import('./packages/PackageCreate'))
const PackageEdit = lazy(() => import('./packages/PackageEdit'))
const ReleaseBatchesPage = lazy(() => import('./releases/ReleaseBatchesPage'))

type InventoryMethods = ReturnType<typeof inventoryDataProvider> & ReturnType<typeof releaseBatchesDataProvider>

/** Developments' lots and units (requirements: super-admin.md#lots-management). */
export const inventoryPlugin: BackofficePlugin<InventoryMethods> = {
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
    {
      name: PACKAGES_RESOURCE,
      endpoint: { list: 'packages' },
      list: PackageList,
      create: PackageCreate,
      edit: PackageEdit,
      icon: LocalOfferIcon,
      recordRepresentation: packageRepresentation,
    },
  ],
  menu: [
    { label: 'Lots', to: '/admin/lots', icon: ViewModuleIcon },
    // After the sidebar the requirements fix, with the other price settings.
    { label: 'Packages', to: '/admin/packages', icon: LocalOfferIcon, order: 1 },
    { label: 'Release Batches', to: '/admin/release-batches', icon: EventIcon, order: 1 },
  ],
  dashboardWidgets: [],
  // Lots scheduled to go on sale together; the backend answers 403 to anyone but a super admin.
  routes: [{ path: '/admin/release-batches', element: createElement(ReleaseBatchesPage) }],
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
      [PACKAGES_RESOURCE]: {
        name: 'Package |||| Packages',
        fields: {
          name: 'Name',
          developmentId: 'Development',
          validFrom: 'Valid from',
          validUntil: 'Valid until',
        },
      },
    },
  },
  dataProvider: (api) => ({ ...inventoryDataProvider(api), ...releaseBatchesDataProvider(api) }),
}
