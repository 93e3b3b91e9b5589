import { createElement, lazy } from 'react';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import type { BackofficePlugin } from '../../plugins/types';

const PortfolioPage = lazy(() => import('./PortfolioPage'));

/** The agent admin's portfolio and catalogue of properties, with sharing (spec 001 "Agent properties portfolio"). */
export const portfolioPlugin: BackofficePlugin = {
  name: 'portfolio',
  roles: ['agent_admin'],
  resources: [],
  menu: [{ label: 'My Properties', to: '/agent-properties', icon: HomeWorkIcon }],
  dashboardWidgets: [],
  routes: [{ path: '/agent-properties', element: createElement(PortfolioPage) }],
};
