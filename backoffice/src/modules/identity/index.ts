import { createElement, lazy } from 'react'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import PeopleIcon from '@mui/icons-material/People'
import type { BackofficePlugin } from '../../plugins/types'
import { identityDataProvider } from './dataProvider'

// Loaded on first use, so the first screen carries only the shell.
const ProfilePage = lazy(() => import('./ProfilePage'))
const SignedInCard = lazy(() => import('./SignedInCard'))
const UserList = lazy(() => import('./users/UserList'))
const UserCreate = lazy(() => import('./users/UserCreate'))
const UserEdit = lazy(() => import('./users/UserEdit'))
const UsersQuickView = lazy(() => import('./widgets/UsersQuickView'))

/** Users and the signed-in profile. My Profile closes everyone's sidebar (requirements: super-admin.md#sidebar). */
export const identityPlugin: BackofficePlugin<ReturnType<typeof identityDataProvider>> = {
  name: 'identity',
  roles: ['agent_admin', 'super_admin'],
  resources: [
    {
      name: 'admin/users',
      endpoint: { list: 'users' },
      list: UserList,
      create: UserCreate,
      edit: UserEdit,
      icon: PeopleIcon,
      recordRepresentation: 'name',
      roles: ['super_admin'],
    },
  ],
  menu: [
    { label: 'Users', to: '/admin/users', icon: PeopleIcon, roles: ['super_admin'] },
    { label: 'My Profile', to: '/profile', icon: AccountCircleIcon, order: 100 },
  ],
  dashboardWidgets: [
    { name: 'SignedInCard', component: SignedInCard },
    { name: 'UsersQuickView', component: UsersQuickView, roles: ['super_admin'], tab: 'Users', order: 2 },
  ],
  routes: [{ path: '/profile', element: createElement(ProfilePage) }],
  messages: {
    resources: {
      'admin/users': {
        name: 'User |||| Users',
        fields: {
          name: 'Name',
          email: 'Email',
          phone: 'Phone',
          role: 'Role',
          company: 'Company',
          agencyId: 'Agency',
          createdAt: 'Member Since',
        },
        // Requirements: display.md#message-timings.
        notifications: {
          created: 'User created successfully',
          updated: 'User updated successfully',
          deleted: 'User deleted successfully',
        },
      },
    },
  },
  dataProvider: identityDataProvider,
}
