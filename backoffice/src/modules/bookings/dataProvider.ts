import type { Identifier } from 'react-admin'
import type { DataProviderApi } from '../../plugins/types'
import type { ActionResult } from '../../providers/restProvider'
import type { AgentBookingAction, BookableItem, BookableKind, Client, ClientBookingInput } from './agent/types'
import {
  feeForm,
  reportQuery,
  type BookingFee,
  type BookingFeeInput,
  type FeesReport,
  type FeesReportQuery,
} from './fees/types'
import type { PrivacyNotice } from './privacy/types'
import type { Booking, DocumentReviewStatus } from './types'

/** The super admin's three decisions on a booking (requirements: booking.md#admin-processing). */
export type BookingDecision = 'booked' | 'sold' | 'reject'

/** What PUT /api/bookings/:id/status-update is sent for each decision. */
export const STATUS_FOR_DECISION: Record<BookingDecision, 'approved' | 'sold' | 'rejected'> = {
  booked: 'approved',
  sold: 'sold',
  reject: 'rejected',
}

/** A booking's decisions, hold, documents and fee; bookings made for clients; the privacy notice. */
export const bookingsDataProvider = ({ json, text }: DataProviderApi) => ({
  /** The privacy notice the booking forms show (public), and a super admin's new version of it. */
  getPrivacyNotice: () => json<PrivacyNotice>('/privacy-notice'),
  savePrivacyNotice: (body: string) =>
    json<ActionResult<PrivacyNotice>>('/privacy-notice', { method: 'PUT', body: JSON.stringify({ body }) }),

  /** A pending booking's hold extended once, with a reason (agent admin of its agency, super admin). */
  extendBookingHold: ({ id, minutes, reason }: { id: Identifier; minutes: number; reason: string }) =>
    json<ActionResult & { heldUntil: string }>(`/bookings/${encodeURIComponent(id)}/extend-hold`, {
      method: 'POST',
      body: JSON.stringify({ minutes, reason }),
    }),

  /**
   * PUT /api/bookings/:id/documents/:documentId/review: the reviewer of the booking's tier
   * accepts a document, or rejects it with a reason. Answers the booking as GET /api/bookings/:id.
   */
  reviewBookingDocument: ({
    id,
    documentId,
    status,
    reason,
  }: {
    id: Identifier
    documentId: Identifier
    status: Exclude<DocumentReviewStatus, 'pending'>
    reason?: string
  }) =>
    json<Booking & { message?: string }>(
      `/bookings/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}/review`,
      {
        method: 'PUT',
        body: JSON.stringify(status === 'rejected' ? { status, reason: reason?.trim() ?? '' } : { status }),
      }
    ),

  /** The super admin processes a booking: booked, sold or reject, with optional notes. */
  processBooking: ({ id, decision, notes }: { id: Identifier; decision: BookingDecision; notes?: string }) =>
    json<ActionResult>(`/bookings/${encodeURIComponent(id)}/status-update`, {
      method: 'PUT',
      body: JSON.stringify({ status: STATUS_FOR_DECISION[decision], message: notes?.trim() || null }),
    }),

  /** The agent admin approves (forwards to the super admins) or rejects a member's booking request. */
  respondToBooking: ({
    id,
    action,
    agentNotes,
  }: {
    id: Identifier
    action: AgentBookingAction
    agentNotes?: string | null
  }) =>
    json<ActionResult>(`/bookings/${encodeURIComponent(id)}/agent-response`, {
      method: 'PUT',
      body: JSON.stringify({ action, agentNotes: agentNotes?.trim() || null }),
    }),

  /**
   * The available lots or units of a development, for the create-booking form (only available ones are
   * offered; requirements: booking.md#create-booking-for-a-client), filtered and in natural number order by
   * the backend.
   */
  getAvailableItems: ({ propertyId, kind }: { propertyId: Identifier; kind: BookableKind }) =>
    kind === 'unit'
      ? json<BookableItem[]>(`/public/properties/${encodeURIComponent(propertyId)}/units`)
      : json<BookableItem[]>(
          `/lots?${new URLSearchParams({
            propertyId: String(propertyId),
            kind: 'lot',
            filter: JSON.stringify({ status: 'available' }),
            sort: JSON.stringify(['lotNumber', 'ASC']),
            range: JSON.stringify([0, 99]),
          })}`
        ),

  /** POST /api/bookings: one multipart request with the identity documents, if any. */
  /** The create-booking form's client, named by their exact email (full contact details, or 404/403 with why). */
  lookupClient: (identifier: string) => json<Client>(`/users/lookup?identifier=${encodeURIComponent(identifier)}`),
  createClientBooking: (input: ClientBookingInput) =>
    json<ActionResult<{ id: Identifier; status: string }>>('/bookings', {
      method: 'POST',
      body: clientBookingForm(input),
    }),

  /** PUT /api/bookings/:id/fee: records or changes the booking fee (multipart: the receipt, if any). */
  saveBookingFee: ({ id, input }: { id: Identifier; input: BookingFeeInput }) =>
    json<ActionResult<BookingFee>>(`/bookings/${encodeURIComponent(id)}/fee`, {
      method: 'PUT',
      body: feeForm(input),
    }),

  /** POST /api/bookings/:id/fee/refund: the refund's date and reason (rejected or cancelled bookings). */
  refundBookingFee: ({ id, refundedOn, reason }: { id: Identifier; refundedOn: string; reason: string }) =>
    json<ActionResult<BookingFee>>(`/bookings/${encodeURIComponent(id)}/fee/refund`, {
      method: 'POST',
      body: JSON.stringify({ refundedOn, reason: reason.trim() }),
    }),

  /** GET /api/booking-fees/report: totals by status and by agency (super admins). */
  getFeesReport: (query: FeesReportQuery = {}) => json<FeesReport>(`/booking-fees/report?${reportQuery(query)}`),

  /** GET /api/booking-fees/report/export: the same report as CSV. */
  exportFeesReport: (query: FeesReportQuery = {}) => text(`/booking-fees/report/export?${reportQuery(query)}`),
})

/** The multipart body of POST /api/bookings: `lotId` or `unitId` names the item by its kind. */
export function clientBookingForm({
  userId,
  kind,
  itemId,
  notes,
  icFront,
  icBack,
  cheque,
  consent,
  noticeVersion,
}: ClientBookingInput): FormData {
  const form = new FormData()
  form.append('userId', String(userId))
  form.append(kind === 'unit' ? 'unitId' : 'lotId', String(itemId))
  if (notes?.trim()) form.append('notes', notes.trim())
  // The privacy notice's box and the version shown (backend/app/bookings/consent.ts).
  if (consent) form.append('consent', 'true')
  if (noticeVersion) form.append('noticeVersion', String(noticeVersion))
  if (icFront) form.append('icFront', icFront)
  if (icBack) form.append('icBack', icBack)
  if (cheque) form.append('cheque', cheque)
  return form
}

declare module '../../plugins/types' {
  interface PluginDataProviders {
    bookings: ReturnType<typeof bookingsDataProvider>
  }
}
