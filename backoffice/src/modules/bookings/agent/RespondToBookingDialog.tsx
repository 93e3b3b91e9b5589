import { useState } from 'react';
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
} from '@mui/material';
import { messageOf, useFlash } from '../../../messages';
import type { Booking } from '../types';
import { BookingRequestSummary } from './AgentBookingDetailsDialog';
import { awaitsAgent } from './agentStatus';
import type { AgentBookingAction } from './types';
import { useAgentBookingResponse } from './useAgentBookingResponse';

export const SELECT_AGENT_ACTION = 'Please select an action (approve or reject)';

const ACTIONS: { value: AgentBookingAction; label: string; help: string }[] = [
  { value: 'approve', label: 'Approve', help: 'Forward the request to the admin for the final decision.' },
  { value: 'reject', label: 'Reject', help: 'Decline the request; the lot returns to available.' },
];

/**
 * The agent booking requests page's response form (spec 001): the request, then approve or
 * reject (required) with optional notes.
 */
export function RespondToBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const flash = useFlash();
  const [action, setAction] = useState<AgentBookingAction | ''>('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setAction('');
    setNotes('');
    setProblem(null);
    onClose();
  };

  const response = useAgentBookingResponse({
    onSuccess: (result) => {
      flash.success(result.message);
      close();
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to process request')),
  });

  const submit = () => {
    if (!booking) return;
    if (!action) {
      setProblem(SELECT_AGENT_ACTION);
      return;
    }
    setProblem(null);
    response.mutate({ id: booking.id, action, agentNotes: notes });
  };

  const open = booking !== null;
  const pending = booking ? awaitsAgent(booking) : false;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="respond-booking-title">
      <DialogTitle id="respond-booking-title">Process Booking Request</DialogTitle>
      <DialogContent dividers>
        {booking && (
          <>
            <BookingRequestSummary booking={booking} />
            <Divider sx={{ mb: 2 }} />
            {!pending ? (
              <Alert severity="info" role="status">
                This request has already been answered.
              </Alert>
            ) : (
              <Stack spacing={2} component="section" aria-label="Your Response">
                {problem && (
                  <Alert severity="error" role="alert">
                    {problem}
                  </Alert>
                )}
                <FormControl>
                  <FormLabel id="agent-response-action-label">Action</FormLabel>
                  <RadioGroup
                    aria-labelledby="agent-response-action-label"
                    value={action}
                    onChange={(event) => {
                      setAction(event.target.value as AgentBookingAction);
                      setProblem(null);
                    }}
                  >
                    {ACTIONS.map((option) => (
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
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{pending ? 'Cancel' : 'Close'}</Button>
        {pending && (
          <Button variant="contained" onClick={submit} disabled={response.isPending}>
            Submit Response
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
