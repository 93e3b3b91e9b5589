import { useState } from 'react'
import { Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material'
import { useRefresh, useUpdate } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { messageOf, useFlash } from '../../../messages'
import type { DeletionRequest } from '../types'

export const DECIDE_LABELS = {
  confirm: 'Confirm deletion',
  decline: 'Decline',
  confirmTitle: 'Delete this account?',
  confirmText:
    'The account will be anonymised, signed out everywhere and its documents deleted. Its bookings stay as anonymous sale records. This cannot be undone.',
  declineTitle: 'Decline the request',
  declineReason: 'Reason (shown to the person)',
  reasonRequired: 'Please give the reason for declining the request',
  cancel: 'Cancel',
}

/**
 * A pending request's two answers. The backend decides (PersonalDataPolicy, super admins) and
 * does the work; this asks for a confirmation or a reason, then sends
 * PUT /api/account-deletion-requests/:id.
 */
export default function DecideDeletionButtons({ record }: { record: DeletionRequest }) {
  const [open, setOpen] = useState<'confirm' | 'decline' | null>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [update, { isPending }] = useUpdate()
  const flash = useFlash()
  const refresh = useRefresh()
  if (record.status !== 'pending') return null

  const send = () => {
    if (open === 'decline' && !reason.trim()) {
      setError(DECIDE_LABELS.reasonRequired)
      return
    }
    const data = open === 'decline' ? { decision: 'decline', declineReason: reason.trim() } : { decision: 'confirm' }
    update(
      'admin/account-deletion-requests',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (answer) => {
          setOpen(null)
          flash.success((answer as { message?: string }).message ?? 'Done')
          refresh()
        },
        onError: (failure) => flash.error(messageOf(failure, 'The request could not be answered. Please try again.')),
      }
    )
  }

  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen('confirm')}>
        {DECIDE_LABELS.confirm}
      </Button>
      <Button size="small" onClick={() => setOpen('decline')}>
        {DECIDE_LABELS.decline}
      </Button>
      <ResponsiveDialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby="decide-deletion-title">
        <DialogTitle id="decide-deletion-title">
          {open === 'decline' ? DECIDE_LABELS.declineTitle : DECIDE_LABELS.confirmTitle}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{record.user}</Typography>
          {open === 'decline' ? (
            <TextField
              label={DECIDE_LABELS.declineReason}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value)
                setError(null)
              }}
              error={Boolean(error)}
              helperText={error ?? ' '}
              fullWidth
              multiline
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          ) : (
            <Typography>{DECIDE_LABELS.confirmText}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{DECIDE_LABELS.cancel}</Button>
          <Button color={open === 'decline' ? 'primary' : 'error'} onClick={send} disabled={isPending}>
            {open === 'decline' ? DECIDE_LABELS.decline : DECIDE_LABELS.confirm}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  )
}
