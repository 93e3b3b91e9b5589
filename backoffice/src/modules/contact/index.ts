import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import type { BackofficePlugin } from '../../plugins/types';

const ContactMessageList = lazy(() => import('./messages/ContactMessageList'));
const ContactMessageShow = lazy(() => import('./messages/ContactMessageShow'));

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
      recordRepresentation: 'name',
      options: { label: 'Contact Messages' },
    },
  ],
  menu: [{ label: 'Contact Messages', to: '/admin/contact-messages', icon: MailIcon }],
  dashboardWidgets: [],
  routes: [],
};
