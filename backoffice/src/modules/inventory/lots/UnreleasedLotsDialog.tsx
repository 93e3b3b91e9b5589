import { useState } from 'react'
import { FormControlLabel, Stack, Switch } from '@mui/material'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { DevelopmentLotVisibility } from '../dataProvider'
import { DevelopmentName, DevelopmentSettingsButton } from './DevelopmentSettingsDialog'

export const SHOW_UNRELEASED_LABEL = 'Show lots not yet released on the public pages'

/**
 * "Not released lots" on the Lots page (super admins): per development, whether the public pages list its lots
 * not yet released as "Not released" or leave them out until they are released. Bookings refuse them either way.
 */
export function UnreleasedLotsButton() {
  return (
    <DevelopmentSettingsButton
      label="Not released lots"
      title="Lots not yet released"
      icon={<VisibilityIcon />}
      queryKey="developmentLotVisibility"
      load={(dataProvider) => dataProvider.getDevelopmentLotVisibility()}
      loadFailed="Failed to load the lot visibility settings."
      intro="A lot not yet released can never be requested or booked. Choose whether visitors see it as Not released, or do not see it until it is released."
      row={(development) => <UnreleasedLotsRow development={development} />}
    />
  )
}

function UnreleasedLotsRow({ development }: { development: DevelopmentLotVisibility }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [shown, setShown] = useState(development.showUnreleasedLots)
  const save = useMutation({
    mutationFn: (showUnreleasedLots: boolean) =>
      dataProvider.saveDevelopmentLotVisibility({ id: development.id, showUnreleasedLots }),
    onSuccess: (saved) => {
      setShown(saved.showUnreleasedLots)
      flash.success(
        `${saved.message} ${saved.name}: lots not yet released are ${saved.showUnreleasedLots ? 'shown' : 'hidden'}.`
      )
      void queryClient.invalidateQueries({ queryKey: ['developmentLotVisibility'] })
    },
    onError: (failure) => {
      setShown(development.showUnreleasedLots)
      flash.error(messageOf(failure, 'Failed to save the setting. Please try again.'))
    },
  })
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <DevelopmentName name={development.name} inForce={shown ? 'Shown as Not released' : 'Hidden until released'} />
      <FormControlLabel
        control={
          <Switch
            checked={shown}
            disabled={save.isPending}
            onChange={(event) => {
              setShown(event.target.checked)
              save.mutate(event.target.checked)
            }}
            slotProps={{ input: { 'aria-label': `${SHOW_UNRELEASED_LABEL}: ${development.name}` } }}
          />
        }
        label={SHOW_UNRELEASED_LABEL}
      />
    </Stack>
  )
}
