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
  Stack,
  Typography,
} from '@mui/material'
import { useGetOne, type Identifier } from 'react-admin'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingBadge, bookingReference, canBeProcessed, formatDateTime } from '../../../format'
import { Detail, Section } from '../shared/BookingDetailParts'
import { BookingDocumentsSection } from '../shared/BookingDocumentsSection'
import { BookingRequestSummary } from '../shared/BookingRequestSummary'
import type { Booking } from '../types'

/** The super admin's View Details: the request, its documents, notes and status history; Process when it can be. */
export function BookingDetailsDialog({
  id,
  onClose,
  onProcess,
}: {
  id: Identifier | null
  onClose: () => void
  onProcess?: (booking: Booking) => void
}) {
  const {
    data: booking,
    isPending,
    error,
  } = useGetOne<Booking>('admin/bookings', { id: id ?? '' }, { enabled: id !== null })

  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="booking-details-title">
      <DialogTitle id="booking-details-title">
        Booking Request Details{booking ? ` · ${bookingReference(booking.id)}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <CircularProgress size={24} />
        ) : error || !booking ? (
          <Alert severity="error" role="alert">
            Failed to load booking request details. Please try again.
          </Alert>
        ) : (
          <BookingDetails booking={booking} />
        )}
      </DialogContent>
      <DialogActions>
        {booking && onProcess && canBeProcessed(booking.status) && (
          <Button variant="contained" onClick={() => onProcess(booking)}>
            Process
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}

function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <>
      <BookingRequestSummary booking={booking} StatusBadge={BookingStatusBadge} />
      <Divider sx={{ mb: 2 }} />
      <Section title="Notes">
        <Grid container spacing={1.5}>
          <Detail label="Agent Notes" value={booking.agentNotes} />
          <Detail label="Admin Notes" value={booking.adminNotes} />
          <Detail label="Responded By" value={booking.respondedBy} />
          <Detail
            label="Agent Response Date"
            value={booking.agentResponseDate && formatDateTime(booking.agentResponseDate)}
          />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <BookingDocumentsSection documents={booking.documents} />
      <Divider sx={{ mb: 2 }} />
      <Section title="Status History">
        {(booking.history ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No status changes recorded.
          </Typography>
        ) : (
          <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
            {(booking.history ?? []).map((change) => (
              <Typography component="li" variant="body2" key={change.id}>
                {formatDateTime(change.at)}: {change.from ? `${bookingBadge(change.from).label} → ` : ''}
                {bookingBadge(change.to).label}
                {change.by ? ` by ${change.by.name}` : ''}
                {change.notes ? ` (${change.notes})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Section>
    </>
  )
}
