import { Alert } from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { HttpError, useDataProvider, useRefresh } from 'react-admin'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingBadge, canBeProcessed } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider, BookingDecision } from '../../../providers/dataProvider'
import { BookingDecisionDialog, type DecisionChoice } from '../shared/BookingDecisionDialog'
import type { Booking } from '../types'

export const SELECT_ACTION = 'Please select an action (booked, sold, or reject)'
/** Spec 001 section 4: the admin list reloads 500 ms after processing. */
export const RELOAD_AFTER_PROCESSING_MS = 500

const DECISIONS: DecisionChoice<BookingDecision>[] = [
  { value: 'booked', label: 'Booked', help: 'Confirm the booking; the lot becomes booked.' },
  { value: 'sold', label: 'Sold', help: 'Mark the booking sold; the lot becomes sold.' },
  { value: 'reject', label: 'Reject', help: 'Reject the booking; the lot returns to available.' },
]

/** The super admin's Process modal: the request and its documents, then booked, sold or reject, with optional notes. */
export function ProcessBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const dataProvider = useDataProvider<BackofficeDataProvider>()

  const processing = useMutation({
    mutationFn: (input: { id: Booking['id']; decision: BookingDecision; notes: string }) =>
      dataProvider.processBooking(input),
    onSuccess: (result) => {
      flash.success(result.message)
      onClose()
      setTimeout(refresh, RELOAD_AFTER_PROCESSING_MS)
    },
    // A server fault is 'Failed to process request'; no answer at all, 'Failed to process booking request'.
    onError: (error) =>
      flash.error(
        messageOf(error, error instanceof HttpError ? 'Failed to process request' : 'Failed to process booking request')
      ),
  })

  return (
    <BookingDecisionDialog<BookingDecision>
      booking={booking}
      onClose={onClose}
      StatusBadge={BookingStatusBadge}
      choices={DECISIONS}
      choiceRequired={SELECT_ACTION}
      canDecide={(request) => canBeProcessed(request.status)}
      closedNotice={(request) => (
        <Alert severity="warning" role="alert">
          This booking is {bookingBadge(request.status).label.toLowerCase()} and cannot be processed.
        </Alert>
      )}
      submitLabel="Submit"
      submitting={processing.isPending}
      onDecide={(request, decision, notes) => processing.mutate({ id: request.id, decision, notes })}
    />
  )
}
