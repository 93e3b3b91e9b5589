import { Chip, Stack, Typography } from '@mui/material'
import ScheduleIcon from '@mui/icons-material/Schedule'
import WarningAmberIcon from '@mui/icons-material/WarningAmber'
import { timeInQueue, type QueuePosition } from '../queue'

/**
 * A waiting booking's time in queue; past its tier's target it says "Overdue" in words and with
 * an icon, not by colour alone. Nothing for a booking that waits for no one.
 */
export function TimeInQueue({ queue }: { queue?: QueuePosition | null }) {
  const figures = timeInQueue(queue)
  if (!figures) return null
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }} title={figures.text}>
      <ScheduleIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
      <Typography variant="body2" component="span">
        {figures.waited}
      </Typography>
      {figures.overdue && (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmberIcon aria-hidden />}
          label="Overdue"
          aria-label={figures.text}
        />
      )}
    </Stack>
  )
}

/** A row past its target stands out (a left rule besides the "Overdue" label). */
export function overdueRowSx(queue?: QueuePosition | null) {
  return queue?.overdue ? { boxShadow: 'inset 4px 0 0 #d32f2f' } : {}
}
