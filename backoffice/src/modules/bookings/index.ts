import { createElement, lazy } from 'react'
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn'
import AddBoxIcon from '@mui/icons-material/AddBox'
import InboxIcon from '@mui/icons-material/Inbox'
import ListAltIcon from '@mui/icons-material/ListAlt'
import PolicyIcon from '@mui/icons-material/Policy'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import { RedirectTo } from '../../components/RedirectTo'
import type { BackofficePlugin } from '../../plugins/types'
import { bookingsDataProvider } from './dataProvider'
import { AGENT_TABS } from '../dashboards/agent/tabs'
import { AGENT_BOOKINGS_ENDPOINT, AGENT_BOOKINGS_RESOURCE } from './agent/types'
import { bookingRepresentation } from './types'

const BookingApprovalList = lazy(() => import('./bookings/BookingApprovalList'))
const AllBookingList = lazy(() => import('./bookings/AllBookingList'))
const FeesReportPage = lazy(() => import('./fees/FeesReportPage'))
const PrivacyNoticePage = lazy(() => import('./privacy/PrivacyNoticePage'))
const PendingBookingRequests = lazy(() => import('./widgets/PendingBookingRequests'))
const AdminApprovalTimes = lazy(() =>
  import('./widgets/ApprovalTimes').then((module) => ({ default: module.AdminApprovalTimes }))
)
const AgentApprovalTimes = lazy(() =>
  import('./widgets/ApprovalTimes').then((module) => ({ default: module.AgentApprovalTimes }))
)
// The agent admin's side: their agency's requests, and bookings made for clients.
const AgentBookingRequestList = lazy(() => import('./agent/AgentBookingRequestList'))
const CreateBookingPage = lazy(() => import('./agent/CreateBookingPage'))
const BookingRequestsTab = lazy(() =>
  import('./agent/AgentBookingTabs').then((module) => ({ default: module.BookingRequestsTab }))
)
const BookingHistoryTab = lazy(() =>
  import('./agent/AgentBookingTabs').then((module) => ({ default: module.BookingHistoryTab }))
)

const BOOKING_FIELDS = {
  id: 'Booking ID',
  status: 'Status',
  createdAt: 'Date',
  propertyName: 'Property',
  lotNumber: 'Lot Number',
  unitNumber: 'Unit Number',
  creatorName: 'Client',
  creatorEmail: 'Email',
  agency: 'Agency',
}

const BOOKING_NOTIFICATIONS = {
  created: 'Booking created successfully',
  updated: 'Booking updated successfully',
  deleted: 'Booking deleted successfully',
}

/** Every booking goes through GET /api/bookings/admin; one booking through /api/bookings/:id. */
const ADMIN_BOOKINGS = { list: 'bookings/admin', record: 'bookings' }

/** Booking requests, their processing and history (requirements: booking.md#workflow). */
export const bookingsPlugin: BackofficePlugin<ReturnType<typeof bookingsDataProvider>> = {
  name: 'bookings',
  roles: ['super_admin', 'agent_admin'],
  resources: [
    {
      name: 'admin/bookings',
      endpoint: ADMIN_BOOKINGS,
      list: BookingApprovalList,
      icon: AssignmentTurnedInIcon,
      recordRepresentation: bookingRepresentation,
      roles: ['super_admin'],
    },
    {
      name: 'admin/all-bookings',
      endpoint: ADMIN_BOOKINGS,
      list: AllBookingList,
      icon: ListAltIcon,
      recordRepresentation: bookingRepresentation,
      roles: ['super_admin'],
    },
    {
      name: AGENT_BOOKINGS_RESOURCE,
      endpoint: AGENT_BOOKINGS_ENDPOINT,
      list: AgentBookingRequestList,
      icon: InboxIcon,
      recordRepresentation: bookingRepresentation,
      roles: ['agent_admin'],
    },
  ],
  menu: [
    { label: 'Booking Approvals', to: '/admin/bookings', icon: AssignmentTurnedInIcon, roles: ['super_admin'] },
    { label: 'All Bookings', to: '/admin/all-bookings', icon: ListAltIcon, roles: ['super_admin'] },
    // After the spec's sidebar (Users and Contact Messages follow All Bookings), before My Profile.
    { label: 'Booking Fees', to: '/booking-fees', icon: ReceiptLongIcon, roles: ['super_admin'], order: 1 },
    { label: 'Privacy Notice', to: '/privacy-notice', icon: PolicyIcon, roles: ['super_admin'], order: 1 },
    { label: 'Booking Requests', to: '/agent/booking-requests', icon: InboxIcon, roles: ['agent_admin'] },
    { label: 'Create Booking', to: '/bookings/create', icon: AddBoxIcon, roles: ['agent_admin'] },
  ],
  dashboardWidgets: [
    // Approval time limits: per tier, time to decision and overdue now, on each Overview.
    { name: 'AdminApprovalTimes', component: AdminApprovalTimes, order: 5, roles: ['super_admin'] },
    { name: 'AgentApprovalTimes', component: AgentApprovalTimes, order: 5, roles: ['agent_admin'] },
    {
      name: 'PendingBookingRequests',
      component: PendingBookingRequests,
      tab: 'Booking Requests',
      order: 4,
      roles: ['super_admin'],
    },
    {
      name: 'BookingRequestsTab',
      component: BookingRequestsTab,
      tab: AGENT_TABS.bookings,
      order: 2,
      roles: ['agent_admin'],
    },
    {
      name: 'BookingHistoryTab',
      component: BookingHistoryTab,
      tab: AGENT_TABS.history,
      order: 3,
      roles: ['agent_admin'],
    },
  ],
  routes: [
    // A super admin books for a client too; the booking is then theirs to process.
    { path: '/bookings/create', element: createElement(CreateBookingPage) },
    // The booking fees report: totals by status and agency, CSV export.
    { path: '/booking-fees', element: createElement(FeesReportPage), roles: ['super_admin'] },
    // The privacy notice the booking forms show (docs/privacy.md): a new version for new bookings.
    { path: '/privacy-notice', element: createElement(PrivacyNoticePage), roles: ['super_admin'] },
    // The agent admin's requests page is their agency's queue; a super admin's is Booking Approvals.
    {
      path: `/${AGENT_BOOKINGS_RESOURCE}/*`,
      element: createElement(RedirectTo, { to: '/admin/bookings' }),
      roles: ['super_admin'],
    },
  ],
  messages: {
    resources: {
      // One booking is a "Booking" on every screen; the plural is the screen's name
      // (requirements: super-admin.md#sidebar).
      'admin/bookings': {
        name: 'Booking |||| Booking Approvals',
        fields: BOOKING_FIELDS,
        notifications: BOOKING_NOTIFICATIONS,
      },
      'admin/all-bookings': {
        name: 'Booking |||| All Bookings',
        fields: BOOKING_FIELDS,
        notifications: BOOKING_NOTIFICATIONS,
      },
      [AGENT_BOOKINGS_RESOURCE]: {
        name: 'Booking Request |||| Booking Requests',
        fields: BOOKING_FIELDS,
        notifications: BOOKING_NOTIFICATIONS,
      },
    },
  },
  dataProvider: bookingsDataProvider,
}
