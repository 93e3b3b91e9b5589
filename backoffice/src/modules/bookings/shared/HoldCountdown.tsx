import { useEffect, useState } from 'react'
import { Box, Stack, Typography } from '@mui/material'
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom'
import { formatDateTime } from '../../../format'
import { formatHoldRemaining, holdRemainingMs } from '@aero/shared/hold-clock'

/**
 * "Held until <date time MYT>" and a live countdown to the server's `heldUntil` (holds with a
 * clock). Nothing for a booking whose hold does not run (decided, or never pending).
 */
export function HoldCountdown({ heldUntil }: { heldUntil?: string | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!heldUntil) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [heldUntil])
  const remaining = holdRemainingMs(heldUntil, now)
  if (!heldUntil || remaining === null) return null
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-held-until={heldUntil}>
      <HourglassBottomIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
      {/* On a narrow card or column the text wraps beside its icon, the date and the count each whole. */}
      <Typography variant="body2" component="span" sx={{ minWidth: 0 }}>
        Held until{' '}
        <Box component="time" dateTime={heldUntil} sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(heldUntil)}
        </Box>{' '}
        <Typography
          component="span"
          variant="body2"
          role="timer"
          sx={{
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            color: remaining > 0 ? 'inherit' : 'error.main',
          }}
        >
          ({formatHoldRemaining(remaining)}
          {remaining > 0 ? ' left' : ''})
        </Typography>
      </Typography>
    </Stack>
  )
}
