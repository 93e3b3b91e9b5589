import { MenuItem, TextField } from '@mui/material'
import { useUpdate } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import { LOT_STATUS_CHOICES, type Lot, type LotStatus } from '../types'

/**
 * Changes a lot's status from the list; the super admin sets it by hand
 * (requirements: super-admin.md#lots-management).
 */
export function LotStatusSelect({ lot }: { lot: Lot }) {
  const flash = useFlash()
  const [update, { isPending }] = useUpdate<Lot>()
  const change = (status: LotStatus) => {
    if (status === lot.status) return
    update(
      'admin/lots',
      { id: lot.id, data: { status }, previousData: lot },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => flash.success('Lot updated successfully.'),
        // e.g. 409: the lot is held by a booking.
        onError: (error) => flash.error(messageOf(error, 'Failed to save lot. Please try again.')),
      }
    )
  }
  return (
    <TextField
      select
      size="small"
      value={lot.status}
      disabled={isPending}
      onChange={(event) => change(event.target.value as LotStatus)}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': `Status of lot ${lot.unitNumber ?? lot.lotNumber}` } }}
      sx={{ minWidth: 130 }}
    >
      {LOT_STATUS_CHOICES.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
