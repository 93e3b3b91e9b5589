import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material'
import { useRecordContext, useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { httpClient } from '../../../providers/http'
import { messageOf, useFlash } from '../../../messages'

export const TWO_FACTOR_RESET_LABELS = {
  title: 'Two-step sign-in',
  on: 'Two-step sign-in is on for this account.',
  reset: 'Reset two-step sign-in',
  explain:
    'For someone who lost their authenticator app: their two-step sign-in is turned off and they are signed out everywhere. They are emailed, and the reset is recorded in the audit trail. Confirm with your own password (and your code, if your two-step sign-in is on).',
  password: 'Your password',
  code: 'Your authentication code',
  confirm: 'Reset',
  cancel: 'Cancel',
  passwordRequired: 'Enter your current password to confirm.',
}

/** The users screen's way back in for a locked-out owner (super admins; the backend decides). */
export default function TwoFactorReset() {
  const user = useRecordContext<{ id: number; twoFactorEnabled?: boolean }>()
  const refresh = useRefresh()
  const flash = useFlash()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!user?.twoFactorEnabled) return null

  function close() {
    setOpen(false)
    setPassword('')
    setCode('')
    setError(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!password) return setError(TWO_FACTOR_RESET_LABELS.passwordRequired)
    setBusy(true)
    setError(null)
    try {
      const { json } = await httpClient(`/api/users/${user!.id}/two-factor/reset`, {
        method: 'POST',
        body: JSON.stringify({ password, ...(code.trim() ? { code: code.trim() } : {}) }),
      })
      flash.success((json as { message: string }).message)
      close()
      refresh()
    } catch (failure) {
      setError(messageOf(failure, 'Failed to reset two-step sign-in'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ px: 2, pb: 2 }} component="section" aria-labelledby="two-factor-reset-title">
      <Typography id="two-factor-reset-title" variant="subtitle1" component="h2">
        {TWO_FACTOR_RESET_LABELS.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {TWO_FACTOR_RESET_LABELS.on}
      </Typography>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        {TWO_FACTOR_RESET_LABELS.reset}
      </Button>
      <ResponsiveDialog open={open} onClose={close} aria-labelledby="two-factor-reset-dialog">
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="two-factor-reset-dialog">{TWO_FACTOR_RESET_LABELS.reset}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {TWO_FACTOR_RESET_LABELS.explain}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label={TWO_FACTOR_RESET_LABELS.password}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
              fullWidth
              size="small"
              sx={{ mb: 2 }}
            />
            <TextField
              label={TWO_FACTOR_RESET_LABELS.code}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
              fullWidth
              size="small"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {TWO_FACTOR_RESET_LABELS.cancel}
            </Button>
            <Button type="submit" color="warning" variant="contained" disabled={busy}>
              {TWO_FACTOR_RESET_LABELS.confirm}
            </Button>
          </DialogActions>
        </Box>
      </ResponsiveDialog>
    </Box>
  )
}
