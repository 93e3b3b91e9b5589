import { createElement, lazy } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import type { BackofficePlugin } from '../../plugins/types';

// Loaded on first use, so the first screen carries only the shell.
const ProfilePage = lazy(() => import('./ProfilePage'));
const SignedInCard = lazy(() => import('./SignedInCard'));

export const identityPlugin: BackofficePlugin = {
  name: 'identity',
  roles: ['agent_admin', 'super_admin'],
  resources: [],
  menu: [{ label: 'My Profile', to: '/profile', icon: AccountCircleIcon }],
  dashboardWidgets: [{ name: 'SignedInCard', component: SignedInCard }],
  routes: [{ path: '/profile', element: createElement(ProfilePage) }],
};
