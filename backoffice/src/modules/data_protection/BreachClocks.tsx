import { Alert, Stack } from '@mui/material'
import { clockText, type BreachClock } from './types'

const SEVERITY = { waiting: 'info', running: 'warning', overdue: 'error', done: 'success' } as const

/** The two clocks of an incident: the Commissioner's 72 hours, then the affected people's 7 days. */
export function BreachClocks({ clocks }: { clocks: { commissioner: BreachClock; individuals: BreachClock } }) {
  return (
    <Stack spacing={1} sx={{ my: 2 }}>
      <Alert severity={SEVERITY[clocks.commissioner.state]} role="status">
        Commissioner (72 hours): {clockText(clocks.commissioner)}
      </Alert>
      <Alert severity={SEVERITY[clocks.individuals.state]} role="status">
        Affected people (7 days): {clockText(clocks.individuals)}
      </Alert>
    </Stack>
  )
}
