import { createElement, lazy } from 'react';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import AddBoxIcon from '@mui/icons-material/AddBox';
import InboxIcon from '@mui/icons-material/Inbox';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { BackofficePlugin } from '../../plugins/types';
import { AGENT_TABS } from '../dashboards/agent/tabs';
import { AGENT_BOOKINGS_ENDPOINT, AGENT_BOOKINGS_RESOURCE } from './agent/types';

const BookingApprovalList = lazy(() => import('./bookings/BookingApprovalList'));
const AllBookingList = lazy(() => import('./bookings/AllBookingList'));
const PendingBookingRequests = lazy(() => import('./widgets/PendingBookingRequests'));
// The agent admin's side: their agency's requests, and bookings made for clients.
const AgentBookingRequestList = lazy(() => import('./agent/AgentBookingRequestList'));
const CreateBookingPage = lazy(() => import('./agent/CreateBookingPage'));
const BookingRequestsTab = lazy(() => import('./agent/BookingRequestsTab'));
const BookingHistoryTab = lazy(() => import('./agent/BookingHistoryTab'));

/** Every booking goes through GET /api/bookings/admin; one booking through /api/bookings/:id. */
const ADMIN_BOOKINGS = { list: 'bookings/admin', record: 'bookings' };

/** Booking requests, their processing and history (spec 001). */
export const bookingsPlugin: BackofficePlugin = {
  name: 'bookings',
  roles: ['super_admin', 'agent_admin'],
  resources: [
    {
      name: 'admin/bookings',
      endpoint: ADMIN_BOOKINGS,
      list: BookingApprovalList,
      icon: AssignmentTurnedInIcon,
      options: { label: 'Booking Approvals' },
      roles: ['super_admin'],
    },
    {
      name: 'admin/all-bookings',
      endpoint: ADMIN_BOOKINGS,
      list: AllBookingList,
      icon: ListAltIcon,
      options: { label: 'All Bookings' },
      roles: ['super_admin'],
    },
    {
      name: AGENT_BOOKINGS_RESOURCE,
      endpoint: AGENT_BOOKINGS_ENDPOINT,
      list: AgentBookingRequestList,
      icon: InboxIcon,
      options: { label: 'Booking Requests' },
      roles: ['agent_admin'],
    },
  ],
  menu: [
    { label: 'Booking Approvals', to: '/admin/bookings', icon: AssignmentTurnedInIcon, roles: ['super_admin'] },
    { label: 'All Bookings', to: '/admin/all-bookings', icon: ListAltIcon, roles: ['super_admin'] },
    { label: 'Booking Requests', to: '/agent/booking-requests', icon: InboxIcon, roles: ['agent_admin'] },
    { label: 'Create Booking', to: '/bookings/create', icon: AddBoxIcon, roles: ['agent_admin'] },
  ],
  dashboardWidgets: [
    { name: 'PendingBookingRequests', component: PendingBookingRequests, tab: 'Booking Requests', order: 4, roles: ['super_admin'] },
    { name: 'BookingRequestsTab', component: BookingRequestsTab, tab: AGENT_TABS.bookings, order: 2, roles: ['agent_admin'] },
    { name: 'BookingHistoryTab', component: BookingHistoryTab, tab: AGENT_TABS.history, order: 3, roles: ['agent_admin'] },
  ],
  routes: [{ path: '/bookings/create', element: createElement(CreateBookingPage), roles: ['agent_admin'] }],
};
