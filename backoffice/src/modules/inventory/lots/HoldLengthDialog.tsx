import { useState } from 'react'
import { Button as MuiButton, MenuItem, Stack, TextField } from '@mui/material'
import TimerIcon from '@mui/icons-material/Timer'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { DevelopmentHold } from '../dataProvider'
import { DevelopmentName, DevelopmentSettingsButton } from './DevelopmentSettingsDialog'

export const UNITS = [
  { value: 1, label: 'minutes' },
  { value: 60, label: 'hours' },
  { value: 1440, label: 'days' },
] as const

/** A hold length in words: '30 minutes', '2 hours 30 minutes', '7 days'. */
export function describeHoldLength(minutes: number): string {
  const parts: string[] = []
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`)
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`)
  if (rest || parts.length === 0) parts.push(`${rest} minute${rest === 1 ? '' : 's'}`)
  return parts.join(' ')
}

/** The largest unit that writes `minutes` as a whole number. */
export function inUnits(minutes: number) {
  const unit = [...UNITS].reverse().find((candidate) => minutes % candidate.value === 0) ?? UNITS[0]
  return { amount: String(minutes / unit.value), unit: unit.value as number }
}

/**
 * "Hold length" on the Lots page (holds with a clock, super admins): how long a pending booking
 * holds its lot, per development, from minutes (launch day) to days. New requests take it;
 * pending ones keep their deadline.
 */
export function HoldLengthButton() {
  return (
    <DevelopmentSettingsButton
      label="Hold length"
      title="Hold length"
      icon={<TimerIcon />}
      queryKey="developmentHolds"
      load={(dataProvider) => dataProvider.getDevelopmentHolds()}
      loadFailed="Failed to load hold lengths."
      intro="How long a pending booking holds its lot before it expires. New requests use it; pending bookings keep their deadline."
      row={(development) => <HoldLengthRow development={development} />}
    />
  )
}

function HoldLengthRow({ development }: { development: DevelopmentHold }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const initial = inUnits(development.effectiveHoldMinutes)
  const [amount, setAmount] = useState(initial.amount)
  const [unit, setUnit] = useState<number>(initial.unit)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (holdMinutes: number | null) => dataProvider.saveDevelopmentHold({ id: development.id, holdMinutes }),
    onSuccess: (saved) => {
      flash.success(`${saved.message} ${saved.name}: ${describeHoldLength(saved.effectiveHoldMinutes)}.`)
      const next = inUnits(saved.effectiveHoldMinutes)
      setAmount(next.amount)
      setUnit(next.unit)
      void queryClient.invalidateQueries({ queryKey: ['developmentHolds'] })
    },
    onError: (failure) => flash.error(messageOf(failure, 'Failed to save the hold length. Please try again.')),
  })
  const submit = () => {
    const value = Number(amount)
    if (!Number.isInteger(value) || value < 1) {
      setError('Enter a whole number of at least 1')
      return
    }
    setError(null)
    save.mutate(value * unit)
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <DevelopmentName
        name={development.name}
        inForce={
          development.holdMinutes === null
            ? `Default (${describeHoldLength(development.defaultHoldMinutes)})`
            : `Set to ${describeHoldLength(development.holdMinutes)}`
        }
      />
      <TextField
        size="small"
        type="number"
        label="Hold"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={!!error}
        helperText={error}
        sx={{ width: 100 }}
        slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': `Hold length of ${development.name}` } }}
      />
      <TextField
        size="small"
        select
        label="Unit"
        value={unit}
        onChange={(event) => setUnit(Number(event.target.value))}
        sx={{ width: 120 }}
      >
        {UNITS.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <MuiButton variant="contained" onClick={submit} disabled={save.isPending}>
        Save
      </MuiButton>
      {development.holdMinutes !== null && (
        <MuiButton onClick={() => save.mutate(null)} disabled={save.isPending}>
          Use default
        </MuiButton>
      )}
    </Stack>
  )
}
