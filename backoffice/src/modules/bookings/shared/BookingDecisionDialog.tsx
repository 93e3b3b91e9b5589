import { useState, type ReactNode } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material'
import type { Booking } from '../types'
import { BookingDocumentsSection } from './BookingDocumentsSection'
import { BookingRequestSummary, type BookingStatusBadgeComponent } from './BookingRequestSummary'

/** One answer the decider may give, with a line on what it does. */
export interface DecisionChoice<Decision extends string> {
  value: Decision
  label: string
  help: string
}

export interface BookingDecisionDialogProps<Decision extends string> {
  /** The request being decided; null closes the dialog. */
  booking: Booking | null
  onClose: () => void
  StatusBadge: BookingStatusBadgeComponent
  choices: readonly DecisionChoice<Decision>[]
  /** Spec 001's text when no choice was made. */
  choiceRequired: string
  /** Whether this side may still decide the booking; otherwise `closedNotice` says why not. */
  canDecide: (booking: Booking) => boolean
  closedNotice: (booking: Booking) => ReactNode
  submitLabel: string
  submitting: boolean
  /** Sends the decision; the caller closes the dialog once it succeeds. */
  onDecide: (booking: Booking, decision: Decision, notes: string) => void
}

/**
 * Process Booking Request (spec 001), for the agent admin (approve or reject) and the super
 * admin (booked, sold or reject): the request and its Uploaded Documents, then a required
 * choice and optional notes. Deciding always happens in sight of the documents.
 */
export function BookingDecisionDialog<Decision extends string>({
  booking,
  onClose,
  ...form
}: BookingDecisionDialogProps<Decision>) {
  return (
    <Dialog open={booking !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="process-booking-title">
      {/* Keyed by booking: each request opens with an empty form. */}
      {booking && <DecisionForm key={booking.id} booking={booking} onClose={onClose} {...form} />}
    </Dialog>
  )
}

function DecisionForm<Decision extends string>({
  booking,
  onClose,
  StatusBadge,
  choices,
  choiceRequired,
  canDecide,
  closedNotice,
  submitLabel,
  submitting,
  onDecide,
}: BookingDecisionDialogProps<Decision> & { booking: Booking }) {
  const [decision, setDecision] = useState<Decision | ''>('')
  const [notes, setNotes] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const open = canDecide(booking)

  const submit = () => {
    if (!decision) {
      setProblem(choiceRequired)
      return
    }
    setProblem(null)
    onDecide(booking, decision, notes)
  }

  return (
    <>
      <DialogTitle id="process-booking-title">Process Booking Request</DialogTitle>
      <DialogContent dividers>
        <BookingRequestSummary booking={booking} StatusBadge={StatusBadge} />
        <Divider sx={{ mb: 2 }} />
        <BookingDocumentsSection documents={booking.documents} />
        <Divider sx={{ mb: 2 }} />
        {!open ? (
          closedNotice(booking)
        ) : (
          <Stack spacing={2} component="section" aria-label="Your Response">
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
                {choices.map((option) => (
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
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{open ? 'Cancel' : 'Close'}</Button>
        {open && (
          <Button variant="contained" onClick={submit} disabled={submitting}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </>
  )
}
