import { useState } from 'react'
import {
  Alert,
  Button as MuiButton,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, useDataProvider } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import {
  MAX_WAITLIST_WINDOW_MINUTES,
  effectiveWindowMinutes,
  keepsDefaultWindow,
  type DevelopmentWaitlistWindow,
} from '../../waitlist/types'
import { describeHoldLength } from './HoldLengthDialog'

export const WINDOW_INVALID = `Enter a whole number of minutes from 1 to ${MAX_WAITLIST_WINDOW_MINUTES}.`

/** The minutes typed, when they are a window the backend takes (1 to 1440); else null. */
export function windowMinutes(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const minutes = Number(text)
  return minutes >= 1 && minutes <= MAX_WAITLIST_WINDOW_MINUTES ? minutes : null
}

/** The backend's message for the field, from its `[{ field, message }]`. */
function minutesErrorOf(error: unknown): string | null {
  const body = (error as { body?: { errors?: unknown; fieldErrors?: unknown } } | null)?.body
  const list = Array.isArray(body?.fieldErrors) ? body.fieldErrors : Array.isArray(body?.errors) ? body.errors : []
  return (list as Array<{ field?: string; message?: string }>).find((item) => item.field === 'minutes')?.message ?? null
}

/**
 * "Waitlist window" on the Lots page (super admins, issue 19): per development, how long a lot
 * that comes free is held for the first person in its waitlist before it passes to the next.
 */
export function WaitlistWindowButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button label="Waitlist window" onClick={() => setOpen(true)}>
        <HourglassTopIcon />
      </Button>
      <ResponsiveDialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="waitlist-window-title"
      >
        <DialogTitle id="waitlist-window-title">Waitlist priority window</DialogTitle>
        <DialogContent dividers>{open && <WaitlistWindows />}</DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>Close</MuiButton>
        </DialogActions>
      </ResponsiveDialog>
    </>
  )
}

function WaitlistWindows() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const windows = useQuery({
    queryKey: ['developmentWaitlistWindows'],
    queryFn: () => dataProvider.getDevelopmentWaitlistWindows(),
  })
  if (windows.isPending) return <CircularProgress size={24} />
  if (windows.error) {
    return <Alert severity="error">{messageOf(windows.error, 'Failed to load the waitlist windows.')}</Alert>
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        When a reserved lot comes free, the first person in its waitlist alone may request it for this long; then the
        next person; then everyone.
      </Typography>
      {windows.data.map((development) => (
        <WaitlistWindowRow key={development.id} development={development} />
      ))}
    </Stack>
  )
}

function WaitlistWindowRow({ development }: { development: DevelopmentWaitlistWindow }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [minutes, setMinutes] = useState(String(effectiveWindowMinutes(development)))
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (value: number) => dataProvider.saveWaitlistWindow({ id: development.id, minutes: value }),
    onSuccess: (saved, value) => {
      const now = saved.waitlistWindowMinutes ?? value
      flash.success(`${saved.message ?? 'Waitlist window saved.'} ${development.name}: ${describeHoldLength(now)}.`)
      setMinutes(String(now))
      void queryClient.invalidateQueries({ queryKey: ['developmentWaitlistWindows'] })
    },
    onError: (failure) => {
      setError(minutesErrorOf(failure))
      flash.error(messageOf(failure, 'Failed to save the waitlist window. Please try again.'))
    },
  })
  const submit = () => {
    const value = windowMinutes(minutes)
    if (value === null) {
      setError(WINDOW_INVALID)
      return
    }
    setError(null)
    save.mutate(value)
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
      role="group"
      aria-label={development.name}
    >
      <Typography sx={{ flex: 1, pt: { sm: 1 } }}>
        {development.name}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {keepsDefaultWindow(development)
            ? `Default (${describeHoldLength(effectiveWindowMinutes(development))})`
            : `Set to ${describeHoldLength(effectiveWindowMinutes(development))}`}
        </Typography>
      </Typography>
      <TextField
        size="small"
        type="number"
        label="Minutes"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={!!error}
        helperText={error}
        sx={{ width: { xs: '100%', sm: 160 } }}
        slotProps={{
          htmlInput: {
            min: 1,
            max: MAX_WAITLIST_WINDOW_MINUTES,
            step: 1,
            'aria-label': `Waitlist window of ${development.name} in minutes`,
          },
        }}
      />
      <MuiButton variant="contained" onClick={submit} disabled={save.isPending}>
        Save
      </MuiButton>
    </Stack>
  )
}
