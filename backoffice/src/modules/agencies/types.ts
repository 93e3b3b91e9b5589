import type { Identifier } from 'react-admin'

/** The agency as the backend serialises it for super admins. */
export interface Agency {
  id: Identifier
  _id: Identifier
  name: string
  description: string | null
  contactEmail: string
  contactPhone: string | null
  address: string | null
  isActive: boolean
  createdAt: string | null
}

/** DELETE /api/agencies/:id answers what became of the agency's people and bookings. */
export interface AgencyDeletion {
  id: Identifier
  message: string
  usersConverted: number
  bookingsUpdated: number
}
