import { lazy } from 'react';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { BackofficePlugin } from '../../plugins/types';

const LotList = lazy(() => import('./lots/LotList'));
const LotCreate = lazy(() => import('./lots/LotCreate'));
const LotEdit = lazy(() => import('./lots/LotEdit'));

/** Developments' lots and units (spec 001 "Lots management"). */
export const inventoryPlugin: BackofficePlugin = {
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
      recordRepresentation: (lot) => `Lot ${lot.unitNumber ?? lot.lotNumber}`,
      options: { label: 'Lots' },
    },
  ],
  menu: [{ label: 'Lots', to: '/admin/lots', icon: ViewModuleIcon }],
  dashboardWidgets: [],
  routes: [],
};
