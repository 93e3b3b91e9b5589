import { lazy } from 'react'
import MailIcon from '@mui/icons-material/Mail'
import type { BackofficePlugin } from '../../plugins/types'
import { contactMessageRepresentation } from './types'

const ContactMessageList = lazy(() => import('./messages/ContactMessageList'))
const ContactMessageShow = lazy(() => import('./messages/ContactMessageShow'))

/** Messages of the public contact form. */
export const contactPlugin: BackofficePlugin = {
  name: 'contact',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/contact-messages',
      endpoint: { list: 'contact-messages' },
      list: ContactMessageList,
      show: ContactMessageShow,
      icon: MailIcon,
      recordRepresentation: contactMessageRepresentation,
    },
  ],
  menu: [{ label: 'Contact Messages', to: '/admin/contact-messages', icon: MailIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/contact-messages': {
        name: 'Contact Message |||| Contact Messages',
        fields: {
          name: 'Name',
          email: 'Email',
          phone: 'Phone',
          message: 'Message',
          status: 'Status',
          createdAt: 'Received',
        },
        notifications: {
          updated: 'Message updated successfully',
          deleted: 'Message deleted successfully',
        },
      },
    },
  },
}
