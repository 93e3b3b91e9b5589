import { useCallback, type ReactNode } from 'react'
import { Box, Button, Stack, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { formatClockTime } from '../../../format'
import { useFlash } from '../../../messages'

/**
 * Each agent dashboard tab (requirements: agent-admin.md#agent-dashboard): its title, Refresh and Last
 * refreshed time.
 */
export function TabHeader({
  title,
  updatedAt,
  refreshing,
  onRefresh,
}: {
  title: string
  /** When the tab's data was last read (ms since epoch), 0 before the first read. */
  updatedAt: number
  refreshing: boolean
  onRefresh: () => void
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" role="status">
          Last refreshed: {updatedAt ? formatClockTime(updatedAt) : 'never'}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
          Refresh
        </Button>
      </Stack>
    </Stack>
  )
}

/**
 * A tab's Refresh: reads again, and says so when it could not ("Couldn't refresh users", ...;
 * requirements: agent-admin.md#agent-dashboard). The last good data stays on screen.
 */
export function useTabRefresh(refetch: () => Promise<{ isError: boolean }>, failureText: string) {
  const flash = useFlash()
  return useCallback(async () => {
    const result = await refetch()
    if (result.isError) flash.error(failureText)
  }, [refetch, failureText, flash])
}

/** An agent dashboard tab: a region named by its title, its header, then what it lists. */
export function AgentTab({
  title,
  query,
  refreshFailure,
  children,
}: {
  title: string
  /** The tab's one read (a react-query result). */
  query: { refetch: () => Promise<{ isError: boolean }>; isFetching: boolean; dataUpdatedAt: number }
  /** What a failed Refresh says. */
  refreshFailure: string
  children: ReactNode
}) {
  const refresh = useTabRefresh(query.refetch, refreshFailure)
  return (
    <Box component="section" aria-label={title} sx={{ width: '100%' }}>
      <TabHeader title={title} updatedAt={query.dataUpdatedAt} refreshing={query.isFetching} onRefresh={refresh} />
      {children}
    </Box>
  )
}
