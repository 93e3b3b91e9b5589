import { Stack } from '@mui/material'
import VisibilityIcon from '@mui/icons-material/Visibility'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import { Button } from 'react-admin'
import type { Booking } from '../types'

/** The Action column: View Details, and Process for the super admin's decision. */
export function BookingActions({
  booking,
  onView,
  onProcess,
}: {
  booking: Booking
  onView: (booking: Booking) => void
  onProcess?: (booking: Booking) => void
}) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Button label="View Details" onClick={() => onView(booking)}>
        <VisibilityIcon />
      </Button>
      {onProcess && (
        <Button label="Process" onClick={() => onProcess(booking)}>
          <TaskAltIcon />
        </Button>
      )}
    </Stack>
  )
}
