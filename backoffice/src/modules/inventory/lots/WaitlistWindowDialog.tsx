import { useState } from 'react'
import { Button as MuiButton, Stack, TextField } from '@mui/material'
import HourglassTopIcon from '@mui/icons-material/HourglassTop'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import {
  MAX_WAITLIST_WINDOW_MINUTES,
  effectiveWindowMinutes,
  keepsDefaultWindow,
  type DevelopmentWaitlistWindow,
} from '../../waitlist/types'
import { DevelopmentName, DevelopmentSettingsButton } from './DevelopmentSettingsDialog'
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
 * "Waitlist window" on the Lots page (super admins): per development, how long a lot
 * that comes free is held for the first person in its waitlist before it passes to the next.
 */
export function WaitlistWindowButton() {
  return (
    <DevelopmentSettingsButton
      label="Waitlist window"
      title="Waitlist priority window"
      icon={<HourglassTopIcon />}
      queryKey="developmentWaitlistWindows"
      load={(dataProvider) => dataProvider.getDevelopmentWaitlistWindows()}
      loadFailed="Failed to load the waitlist windows."
      intro="When a reserved lot comes free, the first person in its waitlist alone may request it for this long; then the next person; then everyone."
      row={(development) => <WaitlistWindowRow development={development} />}
    />
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
      <DevelopmentName
        name={development.name}
        inForce={
          keepsDefaultWindow(development)
            ? `Default (${describeHoldLength(effectiveWindowMinutes(development))})`
            : `Set to ${describeHoldLength(effectiveWindowMinutes(development))}`
        }
      />
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
