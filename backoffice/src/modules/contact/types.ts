import type { Identifier } from 'react-admin';

export interface ContactMessage {
  id: Identifier;
  _id: Identifier;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: 'new' | 'read';
  readAt: string | null;
  createdAt: string | null;
}

export const CONTACT_STATUS_CHOICES = [
  { id: 'new', name: 'New' },
  { id: 'read', name: 'Read' },
];
