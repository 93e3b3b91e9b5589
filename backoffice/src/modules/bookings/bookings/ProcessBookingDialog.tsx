import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useDataProvider, useRefresh } from 'react-admin';
import { bookingBadge, bookingReference, canBeProcessed } from '../../../format';
import { messageOf, useFlash } from '../../../messages';
import type { BackofficeDataProvider, BookingDecision } from '../../../providers/dataProvider';
import { unitOrLot, type Booking } from '../types';

export const SELECT_ACTION = 'Please select an action (booked, sold, or reject)';
/** Spec 001 section 4: the admin list reloads 500 ms after processing. */
export const RELOAD_AFTER_PROCESSING_MS = 500;

const DECISIONS: { value: BookingDecision; label: string; help: string }[] = [
  { value: 'booked', label: 'Booked', help: 'Confirm the booking; the lot becomes booked.' },
  { value: 'sold', label: 'Sold', help: 'Mark the booking sold; the lot becomes sold.' },
  { value: 'reject', label: 'Reject', help: 'Reject the booking; the lot returns to available.' },
];

/** The super admin's Process modal: booked, sold or reject, with optional notes. */
export function ProcessBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const flash = useFlash();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [decision, setDecision] = useState<BookingDecision | ''>('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setDecision('');
    setNotes('');
    setProblem(null);
    onClose();
  };

  const processing = useMutation({
    mutationFn: (input: { id: Booking['id']; decision: BookingDecision; notes: string }) => dataProvider.processBooking(input),
    onSuccess: (result) => {
      flash.success(result.message);
      close();
      setTimeout(refresh, RELOAD_AFTER_PROCESSING_MS);
    },
    // A server fault is 'Failed to process request'; no answer at all, 'Failed to process booking request'.
    onError: (error) => flash.error(messageOf(error, error instanceof HttpError ? 'Failed to process request' : 'Failed to process booking request')),
  });

  const submit = () => {
    if (!booking) return;
    if (!decision) {
      setProblem(SELECT_ACTION);
      return;
    }
    setProblem(null);
    processing.mutate({ id: booking.id, decision, notes });
  };

  const processable = booking ? canBeProcessed(booking.status) : false;

  return (
    <Dialog open={booking !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="process-booking-title">
      <DialogTitle id="process-booking-title">Process Booking Request</DialogTitle>
      <DialogContent>
        {booking && (
          <Stack spacing={2}>
            <Typography variant="body2">
              Booking {bookingReference(booking.id)} · {unitOrLot(booking)} · {booking.user?.name ?? booking.creatorName ?? 'N/A'} ·{' '}
              {bookingBadge(booking.status).label}
            </Typography>
            {!processable ? (
              <Alert severity="warning" role="alert">
                This booking is {bookingBadge(booking.status).label.toLowerCase()} and cannot be processed.
              </Alert>
            ) : (
              <>
                {problem && (
                  <Alert severity="error" role="alert">
                    {problem}
                  </Alert>
                )}
                <FormControl>
                  <FormLabel id="process-action-label">Action</FormLabel>
                  <RadioGroup
                    aria-labelledby="process-action-label"
                    value={decision}
                    onChange={(event) => setDecision(event.target.value as BookingDecision)}
                  >
                    {DECISIONS.map((option) => (
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
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{processable ? 'Cancel' : 'Close'}</Button>
        {processable && (
          <Button variant="contained" onClick={submit} disabled={processing.isPending}>
            Submit
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
