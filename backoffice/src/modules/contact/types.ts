import type { Identifier } from 'react-admin'

export interface ContactMessage {
  id: Identifier
  _id: Identifier
  name: string
  email: string
  phone: string | null
  message: string
  status: 'new' | 'read'
  readAt: string | null
  createdAt: string | null
}

export const CONTACT_STATUS_CHOICES = [
  { id: 'new', name: 'New' },
  { id: 'read', name: 'Read' },
]

/** A message by its sender: "Contact Message from Daniel Tan". */
export function contactMessageRepresentation(message: Pick<ContactMessage, 'name'>): string {
  return `from ${message.name}`
}
