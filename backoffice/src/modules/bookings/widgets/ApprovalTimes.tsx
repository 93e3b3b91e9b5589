import { Alert, Card, CardContent, Stack, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { TIER_NAMES, formatFigure, type ApprovalTier, type ApprovalTimes as Figures } from '../queue'

const TIERS: ApprovalTier[] = ['agent', 'developer']

/**
 * Per approval tier: the median and 90th percentile time to decision over the last 30 days, and
 * the requests overdue now (counted by the backend: the dashboard endpoint's `approvalTimes`).
 */
export function ApprovalTimesCard({ figures }: { figures: Figures | undefined }) {
  if (!figures) return <Alert severity="info">Approval times are not available.</Alert>
  return (
    <Card component="section" aria-label="Approval times" sx={{ width: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          Approval times (last {figures.windowDays} days)
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          {TIERS.map((tier) => {
            const row = figures.tiers[tier]
            return (
              <Stack key={tier} spacing={0.5} sx={{ flex: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {TIER_NAMES[tier]}
                </Typography>
                <Typography variant="body2">Median: {formatFigure(row.medianSeconds)}</Typography>
                <Typography variant="body2">90th percentile: {formatFigure(row.p90Seconds)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.decisions} decision{row.decisions === 1 ? '' : 's'}
                </Typography>
                <Typography variant="body2" color={row.overdue > 0 ? 'error' : 'text.secondary'}>
                  {row.overdue > 0 ? `Overdue now: ${row.overdue}` : 'None overdue'}
                </Typography>
              </Stack>
            )
          })}
        </Stack>
      </CardContent>
    </Card>
  )
}

/** The super admin dashboard's card: every agency. */
export function AdminApprovalTimes() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { data } = useQuery({ queryKey: ['dashboard', 'admin'], queryFn: () => dataProvider.getAdminDashboard() })
  return data ? <ApprovalTimesCard figures={data.approvalTimes} /> : null
}

/** The agent dashboard's card: their agency. */
export function AgentApprovalTimes() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { data } = useQuery({ queryKey: ['dashboard', 'agent'], queryFn: () => dataProvider.getAgentDashboard() })
  return data ? <ApprovalTimesCard figures={data.approvalTimes} /> : null
}
