import {
  Alert,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import CloseIcon from '@mui/icons-material/Close'
import { useGetOne, type Identifier } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { bookingBadge, bookingReference, formatDateTime } from '../../../format'
import { serverMessage, useFlash } from '../../../messages'
import { AGENT_DECISION_NOTES } from '../agent/agentStatus'
import type { Booking, BookingAction, BookingStatusChange } from '../types'
import { Detail, Section } from './BookingDetailParts'
import { BookingDocumentsSection } from './BookingDocumentsSection'
import { DocumentsBlockingAlert } from './DocumentReview'
import { BookingFeeSection } from '../fees/BookingFeeSection'
import { BookingRequestSummary } from './BookingRequestSummary'
import { HoldSection } from './HoldSection'
import { AGENT_SIDE, allowedChoices, blockedChoices, type BookingSide } from './bookingSides'
import { useBookingDecision } from './useBookingDecision'

export const DETAILS_LOAD_FAILED = 'Failed to load booking request details. Please try again.'

/**
 * View Details of a booking request (requirements: agent-admin.md#booking-request-details), on either side:
 * property, client, request and
 * documents; then the agent admin reads the response once given, the super admin the notes and
 * status history. The actions are those the booking's `allowedActions` name: the agent admin
 * approves or rejects in one click, the super admin goes on to Process.
 */
export function BookingDetailsDialog<Decision extends BookingAction>({
  side,
  id,
  onClose,
  onProcess,
}: {
  side: BookingSide<Decision>
  id: Identifier | null
  onClose: () => void
  onProcess?: (booking: Booking) => void
}) {
  const agent = side.role === 'agent_admin'
  const {
    data: booking,
    isPending,
    error,
  } = useGetOne<Booking>(side.resource, { id: id ?? '' }, { enabled: id !== null })
  // The decisions the booking waits for: those allowed now and those the backend holds back, with why.
  const choices = booking ? [...allowedChoices(side, booking), ...blockedChoices(side, booking)] : []

  return (
    <ResponsiveDialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="booking-details-title"
    >
      <DialogTitle id="booking-details-title" sx={agent ? { pr: 6 } : undefined}>
        Booking Request Details{booking ? ` · ${bookingReference(booking.id)}` : ''}
      </DialogTitle>
      {agent && (
        <IconButton aria-label="Close dialog" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent dividers>
        {isPending ? (
          <CircularProgress size={24} />
        ) : error || !booking ? (
          <Alert severity="error" role="alert">
            {DETAILS_LOAD_FAILED}
          </Alert>
        ) : (
          <>
            <BookingRequestSummary booking={booking} StatusBadge={side.StatusBadge} />
            <HoldSection booking={booking} />
            <Divider sx={{ mb: 2 }} />
            {agent ? <AgentDetails booking={booking} /> : <AdminDetails booking={booking} />}
            {choices.length > 0 && <DocumentsBlockingAlert booking={booking} sx={{ mt: 2 }} />}
            {!agent && onProcess && choices.length === 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {processingClosed(booking)}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {agent && booking && choices.length > 0 ? (
          <AgentDecisionButtons booking={booking} onDone={onClose} />
        ) : (
          <>
            {booking && onProcess && choices.length > 0 && (
              <Button variant="contained" onClick={() => onProcess(booking)}>
                Process
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </>
        )}
      </DialogActions>
    </ResponsiveDialog>
  )
}

/**
 * The warning of a booking the super admin can no longer process (requirements:
 * booking.md#admin-processing): the backend's `allowedActions` names no decision for it.
 */
export function processingClosed(booking: Booking): string {
  return `This booking cannot be processed: ${bookingBadge(booking.status).label}.`
}

/** The agent admin's one-click answers, as the dialog has always placed them. */
const ONE_CLICK = [
  { value: 'reject', label: 'Reject', color: 'error', variant: 'outlined' },
  { value: 'approve', label: 'Approve', color: 'success', variant: 'contained' },
] as const

/** Reject and Approve where allowed, each recording the required note (requirements: booking.md#agent-decision). */
function AgentDecisionButtons({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const flash = useFlash()
  const response = useBookingDecision(AGENT_SIDE, {
    onSuccess: (_result, action) => {
      flash.success(
        action === 'approve' ? 'Booking request approved successfully' : 'Booking request rejected successfully'
      )
      onDone()
    },
    onError: (failure, action) => {
      const reason =
        serverMessage(failure) ?? (failure instanceof Error && failure.message ? failure.message : 'Unknown error')
      flash.error(`Failed to ${action} booking request: ${reason}`)
    },
  })

  return ONE_CLICK.map((answer) => {
    const blocked = booking.blockedActions?.find((block) => block.action === answer.value)
    if (blocked) {
      // Held back by the backend (a document needs a new upload): disabled, saying why beside it.
      const reasonId = `booking-${booking.id}-${answer.value}-blocked`
      return (
        <Stack key={answer.value} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ maxWidth: 320 }}>
            {blocked.reason}
          </Typography>
          <Tooltip title={blocked.reason}>
            {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
            <span>
              <Button color={answer.color} variant={answer.variant} disabled aria-describedby={reasonId}>
                {answer.label}
              </Button>
            </span>
          </Tooltip>
        </Stack>
      )
    }
    if (!booking.allowedActions.includes(answer.value)) return null
    return (
      <Button
        key={answer.value}
        color={answer.color}
        variant={answer.variant}
        disabled={response.isPending}
        onClick={() =>
          response.mutate({ id: booking.id, decision: answer.value, notes: AGENT_DECISION_NOTES[answer.value] })
        }
      >
        {answer.label}
      </Button>
    )
  })
}

/** The agent admin's side: the documents, then the response once the request no longer waits for their answer. */
function AgentDetails({ booking }: { booking: Booking }) {
  return (
    <>
      <BookingDocumentsSection documents={booking.documents} booking={booking} />
      <Divider sx={{ mb: 2 }} />
      <BookingFeeSection booking={booking} />
      {!booking.allowedActions.includes('approve') &&
        !booking.blockedActions?.some((block) => block.action === 'approve') && (
          <>
            <Divider sx={{ mb: 2 }} />
            <Section title="Response Information">
              <Grid container spacing={1.5}>
                <Detail label="Status" value={<AGENT_SIDE.StatusBadge status={booking.status} />} />
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
      {(booking.history ?? []).length > 0 && (
        <>
          <Divider sx={{ mb: 2 }} />
          <StatusHistory history={booking.history ?? []} />
        </>
      )}
    </>
  )
}

/** The super admin's side: the notes, the documents and the status history. */
function AdminDetails({ booking }: { booking: Booking }) {
  const history = booking.history ?? []
  return (
    <>
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
      <BookingDocumentsSection documents={booking.documents} booking={booking} />
      <Divider sx={{ mb: 2 }} />
      <BookingFeeSection booking={booking} />
      <Divider sx={{ mb: 2 }} />
      <StatusHistory history={history} />
    </>
  )
}

/**
 * The booking's history, oldest first: each status change, and each document's review or upload
 * again, whose notes say which ("IC (back) rejected: Blurry photo").
 */
function StatusHistory({ history }: { history: BookingStatusChange[] }) {
  return (
    <Section title="Status History">
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No status changes recorded.
        </Typography>
      ) : (
        <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {history.map((change) => (
            <Typography component="li" variant="body2" key={change.id}>
              {formatDateTime(change.at)}: {historyLine(change)}
            </Typography>
          ))}
        </Stack>
      )}
    </Section>
  )
}

/**
 * A status change reads "Pending Agent → Rejected by Farid (notes)"; a document's review or
 * upload, its notes and who: "IC (back) rejected: Blurry photo (by Farid)".
 */
export function historyLine(change: BookingStatusChange): string {
  const by = change.by ? ` by ${change.by.name}` : ''
  if (change.kind === 'document_review' || change.kind === 'document_upload') {
    return `${change.notes ?? ''}${change.by ? ` (by ${change.by.name})` : ''}`
  }
  const from = change.from ? `${bookingBadge(change.from).label} → ` : ''
  return `${from}${bookingBadge(change.to).label}${by}${change.notes ? ` (${change.notes})` : ''}`
}
