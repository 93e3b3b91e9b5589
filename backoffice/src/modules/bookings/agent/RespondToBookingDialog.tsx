import { Alert } from '@mui/material'
import { messageOf, useFlash } from '../../../messages'
import { BookingDecisionDialog, type DecisionChoice } from '../shared/BookingDecisionDialog'
import type { Booking } from '../types'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { awaitsAgent } from './agentStatus'
import type { AgentBookingAction } from './types'
import { useAgentBookingResponse } from './useAgentBookingResponse'

export const SELECT_AGENT_ACTION = 'Please select an action (approve or reject)'

const ACTIONS: DecisionChoice<AgentBookingAction>[] = [
  { value: 'approve', label: 'Approve', help: 'Forward the request to the admin for the final decision.' },
  { value: 'reject', label: 'Reject', help: 'Decline the request; the lot returns to available.' },
]

/**
 * The agent booking requests page's response form (spec 001): the request and its documents,
 * then approve or reject (required) with optional notes.
 */
export function RespondToBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const flash = useFlash()
  const response = useAgentBookingResponse({
    onSuccess: (result) => {
      flash.success(result.message)
      onClose()
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to process request')),
  })

  return (
    <BookingDecisionDialog<AgentBookingAction>
      booking={booking}
      onClose={onClose}
      StatusBadge={AgentBookingStatusBadge}
      choices={ACTIONS}
      choiceRequired={SELECT_AGENT_ACTION}
      canDecide={awaitsAgent}
      closedNotice={() => (
        <Alert severity="info" role="status">
          This request has already been answered.
        </Alert>
      )}
      submitLabel="Submit Response"
      submitting={response.isPending}
      onDecide={(request, action, notes) => response.mutate({ id: request.id, action, agentNotes: notes })}
    />
  )
}
