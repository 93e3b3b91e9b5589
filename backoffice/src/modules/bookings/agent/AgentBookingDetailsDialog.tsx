import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  IconButton,
} from '@mui/material'
import CloseIcon from '@mui/icons-material/Close'
import { useGetOne, type Identifier } from 'react-admin'
import { bookingReference, formatDateTime } from '../../../format'
import { serverMessage, useFlash } from '../../../messages'
import { Detail, Section } from '../shared/BookingDetailParts'
import { BookingDocumentsSection } from '../shared/BookingDocumentsSection'
import { BookingRequestSummary } from '../shared/BookingRequestSummary'
import type { Booking } from '../types'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { AGENT_DECISION_NOTES, awaitsAgent } from './agentStatus'
import { AGENT_BOOKINGS_RESOURCE } from './types'
import { useAgentBookingResponse } from './useAgentBookingResponse'

export const DETAILS_LOAD_FAILED = 'Failed to load booking request details. Please try again.'

/**
 * The agent side's booking request details (spec 001): property, client, request, documents,
 * the response once given; Approve and Reject while the request waits for the agent admin.
 */
export function AgentBookingDetailsDialog({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  const flash = useFlash()
  const {
    data: booking,
    isPending,
    error,
  } = useGetOne<Booking>(AGENT_BOOKINGS_RESOURCE, { id: id ?? '' }, { enabled: id !== null })
  const response = useAgentBookingResponse({
    onSuccess: (_result, action) => {
      flash.success(
        action === 'approve' ? 'Booking request approved successfully' : 'Booking request rejected successfully'
      )
      onClose()
    },
    onError: (failure, action) => {
      const reason =
        serverMessage(failure) ?? (failure instanceof Error && failure.message ? failure.message : 'Unknown error')
      flash.error(`Failed to ${action} booking request: ${reason}`)
    },
  })

  const pending = booking ? awaitsAgent(booking) : false

  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="agent-booking-details-title">
      <DialogTitle id="agent-booking-details-title" sx={{ pr: 6 }}>
        Booking Request Details{booking ? ` · ${bookingReference(booking.id)}` : ''}
      </DialogTitle>
      <IconButton aria-label="Close dialog" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {isPending ? (
          <CircularProgress size={24} />
        ) : error || !booking ? (
          <Alert severity="error" role="alert">
            {DETAILS_LOAD_FAILED}
          </Alert>
        ) : (
          <BookingRequestDetails booking={booking} />
        )}
      </DialogContent>
      <DialogActions>
        {booking && pending ? (
          <>
            <Button
              color="error"
              variant="outlined"
              disabled={response.isPending}
              onClick={() =>
                response.mutate({ id: booking.id, action: 'reject', agentNotes: AGENT_DECISION_NOTES.reject })
              }
            >
              Reject
            </Button>
            <Button
              color="success"
              variant="contained"
              disabled={response.isPending}
              onClick={() =>
                response.mutate({ id: booking.id, action: 'approve', agentNotes: AGENT_DECISION_NOTES.approve })
              }
            >
              Approve
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

function BookingRequestDetails({ booking }: { booking: Booking }) {
  return (
    <>
      <BookingRequestSummary booking={booking} StatusBadge={AgentBookingStatusBadge} />
      <Divider sx={{ mb: 2 }} />
      <BookingDocumentsSection documents={booking.documents} />
      {!awaitsAgent(booking) && (
        <>
          <Divider sx={{ mb: 2 }} />
          <Section title="Response Information">
            <Grid container spacing={1.5}>
              <Detail label="Status" value={<AgentBookingStatusBadge status={booking.status} />} />
              <Detail label="Responded By" value={booking.respondedBy} />
              <Detail
                label="Response Date"
                value={booking.agentResponseDate && formatDateTime(booking.agentResponseDate)}
              />
              <Detail label="Agent Notes" value={booking.agentNotes} />
              <Detail label="Admin Notes" value={booking.adminNotes} wide />
            </Grid>
          </Section>
        </>
      )}
    </>
  )
}
