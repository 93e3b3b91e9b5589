import { useState, type FormEvent } from 'react'
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { useDataProvider, useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { EXTENSION_CHOICES } from '@aero/shared/hold-clock'
import type { Booking } from '../types'
import { Section } from './BookingDetailParts'
import { HoldCountdown } from './HoldCountdown'

export const REASON_REQUIRED = 'A reason is required to extend a hold'

/**
 * A pending booking's hold in the details dialogs (holds with a clock): the deadline and its
 * countdown, the one extension once made (with its reason), and "Extend hold" while the API
 * says the viewer may (`canExtendHold`).
 */
export function HoldSection({ booking }: { booking: Booking }) {
  const [extending, setExtending] = useState(false)
  if (!booking.heldUntil) return null
  return (
    <>
      <Divider sx={{ mb: 2 }} />
      <Section title="Hold">
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <HoldCountdown heldUntil={booking.heldUntil} />
          {booking.holdExtendedAt && (
            <Typography variant="body2" color="text.secondary">
              Extended {formatDateTime(booking.holdExtendedAt)}: {booking.holdExtensionReason}
            </Typography>
          )}
          {booking.canExtendHold && (
            <Button size="small" variant="outlined" onClick={() => setExtending(true)}>
              Extend hold
            </Button>
          )}
        </Stack>
        <ExtendHoldDialog booking={booking} open={extending} onClose={() => setExtending(false)} />
      </Section>
    </>
  )
}

type FieldErrors = Partial<Record<'minutes' | 'reason', string>>

function fieldErrorsOf(error: unknown): FieldErrors {
  const list = (error as { body?: { errors?: unknown } } | null)?.body?.errors
  const found: FieldErrors = {}
  if (!Array.isArray(list)) return found
  for (const item of list as Array<{ field?: string; message?: string }>) {
    if ((item.field === 'minutes' || item.field === 'reason') && item.message) found[item.field] = item.message
  }
  return found
}

/** Once per booking, with a reason: by how long (the backend caps it at the development's hold length). */
export function ExtendHoldDialog({ booking, open, onClose }: { booking: Booking; open: boolean; onClose: () => void }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [minutes, setMinutes] = useState<number>(EXTENSION_CHOICES[1].minutes)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})

  const extend = useMutation({
    mutationFn: () => dataProvider.extendBookingHold({ id: booking.id, minutes, reason: reason.trim() }),
    onSuccess: (result) => {
      flash.success(`${result.message} Held until ${formatDateTime(result.heldUntil)}.`)
      onClose()
      refresh()
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error))
      flash.error(messageOf(error, 'Failed to extend the hold. Please try again.'))
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setErrors({ reason: REASON_REQUIRED })
      return
    }
    setErrors({})
    extend.mutate()
  }

  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="extend-hold-title">
      <Box component="form" onSubmit={submit} noValidate aria-label="Extend hold form">
        <DialogTitle id="extend-hold-title">Extend hold</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2">
              A hold can be extended once. It is now held until {formatDateTime(booking.heldUntil)}.
            </Typography>
            <TextField
              select
              label="Extend by"
              value={minutes}
              onChange={(event) => setMinutes(Number(event.target.value))}
              error={!!errors.minutes}
              helperText={errors.minutes}
            >
              {EXTENSION_CHOICES.map((choice) => (
                <MenuItem key={choice.minutes} value={choice.minutes}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reason"
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={!!errors.reason}
              helperText={errors.reason}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={extend.isPending}>
            Extend hold
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  )
}
