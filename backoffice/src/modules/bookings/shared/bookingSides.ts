import { HttpError, type Identifier } from 'react-admin'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { BookingDecision } from '../dataProvider'
import { AgentBookingStatusBadge } from '../agent/AgentBookingStatusBadge'
import { AGENT_BOOKINGS_RESOURCE, type AgentBookingAction } from '../agent/types'
import type { Booking, BookingAction } from '../types'
import type { BookingStatusBadgeComponent } from './BookingRequestSummary'

/** One answer the decider may give, with a line on what it does. */
export interface DecisionChoice<Decision extends BookingAction> {
  value: Decision
  label: string
  help: string
}

export interface DecisionInput<Decision extends BookingAction> {
  id: Identifier
  decision: Decision
  notes: string
}

/**
 * A side of the booking workflow in the backoffice: the agent admin (approve or reject, PUT
 * /api/bookings/:id/agent-response) or the super admin (booked, sold or reject, PUT
 * /api/bookings/:id/status-update). 'reject' goes to the endpoint of the screen's side.
 */
export interface BookingSide<Decision extends BookingAction> {
  role: 'agent_admin' | 'super_admin'
  /** The resource one booking is read through. */
  resource: string
  /** The status chip as this side words it. */
  StatusBadge: BookingStatusBadgeComponent
  /** Every decision of this side, in the order offered; a booking's `allowedActions` picks from them. */
  choices: readonly DecisionChoice<Decision>[]
  /**
   * The required text when no choice was made (requirements: booking.md#agent-decision,
   * booking.md#admin-processing).
   */
  choiceRequired: string
  submitLabel: string
  send: (provider: BackofficeDataProvider, input: DecisionInput<Decision>) => Promise<{ message: string }>
  /** The screens read their data again this long after a decision. */
  reloadAfterMs: number
  /** The failure text when the backend could not be reached. */
  unreachableText: string
}

/** The admin list reloads 500 ms after processing (requirements: booking.md#admin-processing). */
export const RELOAD_AFTER_PROCESSING_MS = 500

export const AGENT_SIDE: BookingSide<AgentBookingAction> = {
  role: 'agent_admin',
  resource: AGENT_BOOKINGS_RESOURCE,
  StatusBadge: AgentBookingStatusBadge,
  choices: [
    { value: 'approve', label: 'Approve', help: 'Forward the request to the admin for the final decision.' },
    { value: 'reject', label: 'Reject', help: 'Decline the request; the lot returns to available.' },
  ],
  choiceRequired: 'Please select an action (approve or reject)',
  submitLabel: 'Submit Response',
  send: (provider, { id, decision, notes }) => provider.respondToBooking({ id, action: decision, agentNotes: notes }),
  reloadAfterMs: 0,
  unreachableText: 'Failed to process request',
}

export const ADMIN_SIDE: BookingSide<BookingDecision> = {
  role: 'super_admin',
  resource: 'admin/bookings',
  StatusBadge: BookingStatusBadge,
  choices: [
    { value: 'booked', label: 'Booked', help: 'Confirm the booking; the lot becomes booked.' },
    { value: 'sold', label: 'Sold', help: 'Mark the booking sold; the lot becomes sold.' },
    { value: 'reject', label: 'Reject', help: 'Reject the booking; the lot returns to available.' },
  ],
  choiceRequired: 'Please select an action (booked, sold, or reject)',
  submitLabel: 'Submit',
  send: (provider, input) => provider.processBooking(input),
  reloadAfterMs: RELOAD_AFTER_PROCESSING_MS,
  unreachableText: 'Failed to process booking request',
}

/** The side's decisions the API allows on this booking now, for the signed-in user. */
export function allowedChoices<Decision extends BookingAction>(
  side: BookingSide<Decision>,
  booking: Pick<Booking, 'allowedActions'>
): DecisionChoice<Decision>[] {
  return side.choices.filter((choice) => booking.allowedActions.includes(choice.value))
}

/** The side's decisions the API holds back on this booking now, each with the backend's reason. */
export function blockedChoices<Decision extends BookingAction>(
  side: BookingSide<Decision>,
  booking: Pick<Booking, 'blockedActions'>
): (DecisionChoice<Decision> & { reason: string })[] {
  return side.choices.flatMap((choice) => {
    const block = booking.blockedActions?.find((blocked) => blocked.action === choice.value)
    return block ? [{ ...choice, reason: block.reason }] : []
  })
}

/** A server fault reads 'Failed to process request'; no answer at all, the side's own text. */
export function decisionFailure({ unreachableText }: { unreachableText: string }, error: unknown): string {
  return messageOf(error, error instanceof HttpError ? 'Failed to process request' : unreachableText)
}
