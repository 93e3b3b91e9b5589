import { Box } from '@mui/material'

/** Hidden on screen, read by screen readers. */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const

/**
 * A list's polite live region for pushed changes ('Booking 000041 is now Booked.'). It is on
 * screen from the first render, empty, so screen readers already watch it; it is visually
 * hidden (the change itself shows in the refreshed list).
 */
export function LiveAnnouncer({ text }: { text: string }) {
  return (
    <Box sx={VISUALLY_HIDDEN} aria-live="polite" aria-atomic="true" className="live-announcer">
      {text}
    </Box>
  )
}
