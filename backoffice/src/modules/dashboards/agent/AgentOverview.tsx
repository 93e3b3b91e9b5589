import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useBasename, useDataProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import { useBackofficeIdentity } from '../../../hooks/useBackofficeIdentity'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { agencyBookingsChannel } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { describeAgentBookingMessage } from '../../bookings/agent/liveMessages'
import { TabHeader, useTabRefresh } from './TabHeader'
import type { AgentDashboardFigures } from './types'

export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data. Please try again later.'

/** Where each count leads: the dashboard tab or page that lists it. */
const COUNTS: { label: string; value: (figures: AgentDashboardFigures) => number; to: string }[] = [
  { label: 'Agency Members', value: (figures) => figures.agencyMembers, to: '/?tab=agency-users' },
  { label: 'Pending Bookings', value: (figures) => figures.pendingBookings, to: '/agent/booking-requests' },
  { label: 'Membership Requests', value: (figures) => figures.membershipRequests, to: '/agent/agency-requests' },
]

/** The agent dashboard's Overview (requirements: agent-admin.md#agent-dashboard): the agency card and its counts. */
export default function AgentOverview() {
  const basename = useBasename()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { data, isPending, refetch, isFetching, dataUpdatedAt } = useQuery({
    queryKey: ['dashboard', 'agent'],
    queryFn: () => dataProvider.getAgentDashboard(),
  })
  const refresh = useTabRefresh(refetch, DASHBOARD_LOAD_FAILED)
  // A booking of the agency that changes moves its counts: they load again, once per burst
  // (this query alone: the rest of the dashboard does not depend on bookings).
  const { identity } = useBackofficeIdentity()
  const announcement = useLiveRefresh(agencyBookingsChannel(identity?.agencyId), describeAgentBookingMessage, {
    refresh: () => void refetch(),
  })

  return (
    <Box component="section" aria-label="Agency Overview" sx={{ width: '100%' }}>
      <TabHeader title="Agency Overview" updatedAt={dataUpdatedAt} refreshing={isFetching} onRefresh={refresh} />
      <LiveAnnouncer text={announcement} />
      {isPending ? (
        <OverviewSkeleton />
      ) : !data ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={refresh} disabled={isFetching}>
              Try Again
            </Button>
          }
        >
          {DASHBOARD_LOAD_FAILED}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Card component="section" aria-label="Agency Information">
            <CardContent>
              <Typography variant="overline" color="text.secondary" component="h3">
                Agency Information
              </Typography>
              <Typography variant="h5" component="p" sx={{ mb: 1 }}>
                {data.agency.name}
              </Typography>
              <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
                <Info label="Contact Email" value={data.agency.contactEmail} />
                <Info label="Phone" value={data.agency.phone || 'N/A'} />
                <Info label="Address" value={data.agency.address || 'N/A'} />
              </Stack>
            </CardContent>
          </Card>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {COUNTS.map((count) => (
              <Card key={count.label} sx={{ minWidth: 200, flex: '1 1 200px' }}>
                <CardActionArea component={Link} to={`${basename}${count.to}`}>
                  <CardContent>
                    <Typography variant="overline" color="text.secondary" component="h3">
                      {count.label}
                    </Typography>
                    <Typography variant="h4" component="p">
                      {count.value(data)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </Stack>
      )}
    </Box>
  )
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/**
 * While the figures load: the overview's own shape with placeholders, so nothing below it
 * (the Signed In card) jumps when they arrive.
 */
function OverviewSkeleton() {
  return (
    <Stack spacing={2}>
      <Card aria-hidden sx={{ position: 'relative' }}>
        <CircularProgress size={22} sx={{ position: 'absolute', top: 16, right: 16 }} />
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="p">
            Agency Information
          </Typography>
          <Typography variant="h5" component="p" sx={{ mb: 1 }}>
            <Skeleton width="60%" />
          </Typography>
          <Stack spacing={0.5}>
            {['Contact Email', 'Phone', 'Address'].map((label) => (
              <Typography key={label} variant="body2">
                <Skeleton width={label === 'Address' ? '90%' : '70%'} />
              </Typography>
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-hidden>
        {COUNTS.map((count) => (
          <Card key={count.label} sx={{ minWidth: 200, flex: '1 1 200px' }}>
            <CardContent>
              <Typography variant="overline" color="text.secondary" component="p">
                {count.label}
              </Typography>
              <Typography variant="h4" component="p">
                <Skeleton width={48} />
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {/* Said to screen readers (absolutely placed: it takes no room); the placeholders show it. */}
      <Typography role="status" sx={VISUALLY_HIDDEN}>
        Loading dashboard data...
      </Typography>
    </Stack>
  )
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 110 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Stack>
  )
}
