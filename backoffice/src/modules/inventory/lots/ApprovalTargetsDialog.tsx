import { useState } from 'react'
import { Button as MuiButton, MenuItem, Stack, TextField, Typography } from '@mui/material'
import AvTimerIcon from '@mui/icons-material/AvTimer'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { DevelopmentTimeLimits } from '../dataProvider'
import { DevelopmentSettingsButton } from './DevelopmentSettingsDialog'
import { UNITS, describeHoldLength, inUnits } from './HoldLengthDialog'

/** The two approval tiers (docs/decisions/021-approval-time-limits.md), as the targets name them. */
const TIERS = [
  { key: 'agentTargetMinutes', label: "Agent admin's decision" },
  { key: 'developerTargetMinutes', label: "Developer's decision" },
] as const

type TierKey = (typeof TIERS)[number]['key']

/**
 * "Approval targets" on the Lots page (super admins): per development, how long a request may
 * wait at each tier before the booking lists mark it overdue and the dashboards count it.
 */
export function ApprovalTargetsButton() {
  return (
    <DevelopmentSettingsButton
      label="Approval targets"
      title="Approval targets"
      icon={<AvTimerIcon />}
      queryKey="developmentTimeLimits"
      load={(dataProvider) => dataProvider.getDevelopmentTimeLimits()}
      loadFailed="Failed to load approval targets."
      intro="How long a booking request may wait for each decision before it is marked overdue in the booking lists and counted as overdue on the dashboards."
      row={(development) => <ApprovalTargetsRow development={development} />}
      spacing={3}
    />
  )
}

/** A duration typed as an amount and a unit. */
type Draft = { amount: string; unit: number }

function ApprovalTargetsRow({ development }: { development: DevelopmentTimeLimits }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [drafts, setDrafts] = useState<Record<TierKey, Draft>>(() => ({
    agentTargetMinutes: inUnits(development.agentTargetMinutes),
    developerTargetMinutes: inUnits(development.developerTargetMinutes),
  }))
  const [errors, setErrors] = useState<Partial<Record<TierKey, string>>>({})
  const save = useMutation({
    mutationFn: (targets: Record<TierKey, number>) =>
      dataProvider.saveDevelopmentTimeLimits({ ...development, ...targets }),
    onSuccess: (saved) => {
      flash.success(
        `${saved.message} ${saved.name}: ${describeHoldLength(saved.agentTargetMinutes)} for the agent admin, ${describeHoldLength(saved.developerTargetMinutes)} for the developer.`
      )
      void queryClient.invalidateQueries({ queryKey: ['developmentTimeLimits'] })
    },
    onError: (failure) => flash.error(messageOf(failure, 'Failed to save the approval targets. Please try again.')),
  })

  const submit = () => {
    const found: Partial<Record<TierKey, string>> = {}
    const targets = {} as Record<TierKey, number>
    for (const { key } of TIERS) {
      const value = Number(drafts[key].amount)
      if (!Number.isInteger(value) || value < 1) found[key] = 'Enter a whole number of at least 1'
      else targets[key] = value * drafts[key].unit
    }
    setErrors(found)
    if (Object.keys(found).length === 0) save.mutate(targets)
  }

  return (
    <Stack spacing={1} component="section" aria-label={`Approval targets of ${development.name}`}>
      <Typography sx={{ fontWeight: 500 }}>{development.name}</Typography>
      {TIERS.map(({ key, label }) => (
        <Stack key={key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Typography variant="body2" sx={{ flex: 1, pt: { sm: 1 } }}>
            {label}
          </Typography>
          <TextField
            size="small"
            type="number"
            label="Target"
            value={drafts[key].amount}
            onChange={(event) => setDrafts({ ...drafts, [key]: { ...drafts[key], amount: event.target.value } })}
            error={!!errors[key]}
            helperText={errors[key]}
            sx={{ width: 100 }}
            slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': `${label}, ${development.name}` } }}
          />
          <TextField
            size="small"
            select
            label="Unit"
            value={drafts[key].unit}
            onChange={(event) => setDrafts({ ...drafts, [key]: { ...drafts[key], unit: Number(event.target.value) } })}
            sx={{ width: 120 }}
          >
            {UNITS.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <MuiButton variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </MuiButton>
      </Stack>
    </Stack>
  )
}
