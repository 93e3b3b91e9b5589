import { useState } from 'react'
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { useFlash } from '../../../messages'
import type { Booking, BookingAction } from '../types'
import { BookingDocumentsSection } from './BookingDocumentsSection'
import { DocumentsBlockingAlert } from './DocumentReview'
import { BookingRequestSummary } from './BookingRequestSummary'
import { allowedChoices, blockedChoices, decisionFailure, type BookingSide } from './bookingSides'
import { useBookingDecision } from './useBookingDecision'

export interface BookingDecisionDialogProps<Decision extends BookingAction> {
  side: BookingSide<Decision>
  /** The request being decided; null closes the dialog. */
  booking: Booking | null
  onClose: () => void
}

/**
 * Process Booking Request (requirements: booking.md#agent-decision, booking.md#admin-processing), for the agent
 * admin (approve or reject) and the super
 * admin (booked, sold or reject): the request and its Uploaded Documents, then a required
 * choice among those the booking's `allowedActions` name, and optional notes. Deciding always
 * happens in sight of the documents.
 */
export function BookingDecisionDialog<Decision extends BookingAction>({
  side,
  booking,
  onClose,
}: BookingDecisionDialogProps<Decision>) {
  return (
    <ResponsiveDialog
      open={booking !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="process-booking-title"
    >
      {/* Keyed by booking: each request opens with an empty form. */}
      {booking && <DecisionForm key={booking.id} side={side} booking={booking} onClose={onClose} />}
    </ResponsiveDialog>
  )
}

function DecisionForm<Decision extends BookingAction>({
  side,
  booking,
  onClose,
}: BookingDecisionDialogProps<Decision> & { booking: Booking }) {
  const flash = useFlash()
  // The list's copy of the booking, until a document review answers with the booking as it now is.
  const [reviewed, setReviewed] = useState<Booking | null>(null)
  const current = reviewed ?? booking
  const [decision, setDecision] = useState<Decision | ''>('')
  const [notes, setNotes] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const sending = useBookingDecision(side, {
    onSuccess: (result) => {
      flash.success(result.message)
      onClose()
    },
    onError: (error) => flash.error(decisionFailure(side, error)),
  })

  const submit = () => {
    if (!decision) {
      setProblem(side.choiceRequired)
      return
    }
    setProblem(null)
    sending.mutate({ id: booking.id, decision, notes })
  }

  return (
    <>
      <DialogTitle id="process-booking-title">Process Booking Request</DialogTitle>
      <DialogContent dividers>
        <BookingRequestSummary booking={current} StatusBadge={side.StatusBadge} />
        <Divider sx={{ mb: 2 }} />
        <BookingDocumentsSection documents={current.documents} booking={current} onReviewed={setReviewed} />
        <Divider sx={{ mb: 2 }} />
        <Stack spacing={2} component="section" aria-label="Your Response">
          <DocumentsBlockingAlert booking={current} />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <FormControl>
            <FormLabel id="process-booking-action-label">Action</FormLabel>
            <RadioGroup
              aria-labelledby="process-booking-action-label"
              value={decision}
              onChange={(event) => {
                setDecision(event.target.value as Decision)
                setProblem(null)
              }}
            >
              {allowedChoices(side, current).map((option) => (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  control={<Radio />}
                  label={
                    <span>
                      <strong>{option.label}</strong> — {option.help}
                    </span>
                  }
                />
              ))}
              {blockedChoices(side, current).map((option) => (
                // Held back by the backend for now (a document needs a new upload): disabled, with why.
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  disabled
                  control={
                    <Radio slotProps={{ input: { 'aria-describedby': `process-booking-${option.value}-blocked` } }} />
                  }
                  label={
                    <span>
                      <strong>{option.label}</strong> — {option.help}
                      <FormHelperText id={`process-booking-${option.value}-blocked`} component="span" sx={{ mt: 0 }}>
                        {option.reason}
                      </FormHelperText>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label="Notes (optional)"
            multiline
            minRows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={sending.isPending}>
          {side.submitLabel}
        </Button>
      </DialogActions>
    </>
  )
}
