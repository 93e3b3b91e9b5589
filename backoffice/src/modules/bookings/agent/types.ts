import type { Identifier } from 'react-admin'

/** The agent admin's booking requests: GET /api/bookings/agent (their agency's only), one at /api/bookings/:id. */
export const AGENT_BOOKINGS_RESOURCE = 'agent/booking-requests'
export const AGENT_BOOKINGS_ENDPOINT = { list: 'bookings/agent', record: 'bookings' }

/** What the agent admin books: a lot or a unit of a development (requirements: decisions.md#d9-lots-and-units). */
export type BookableKind = 'lot' | 'unit'

/** An inventory item offered by the create-booking form (GET /api/lots, GET /api/public/properties/:id/units). */
export interface BookableItem {
  id: number
  kind: BookableKind
  lotNumber: string
  unitNumber: string | null
  name: string | null
  type: string | null
  price: number | null
  status: string | null
}

/** A client of the create-booking form: GET /api/users answers agent admins with contacts only. */
export interface Client {
  id: Identifier
  name: string
  email: string
  phone: string | null
}

/** The agent admin's two answers to a member's booking request. */
export type AgentBookingAction = 'approve' | 'reject'

/** POST /api/bookings, multipart: the client, the item, notes, and the identity documents if any. */
export interface ClientBookingInput {
  userId: Identifier
  kind: BookableKind
  itemId: Identifier
  notes?: string
  icFront?: File | null
  icBack?: File | null
  cheque?: File | null
  /** The privacy notice's consent box, and the version of the notice shown. */
  consent?: boolean
  noticeVersion?: number | null
}
