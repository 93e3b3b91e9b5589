import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useBasename, useDataProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import { messageOf } from '../../messages'
import type { BackofficeDataProvider } from '../../providers/dataProvider'
import type { AdminDashboardFigures } from './dataProvider'

export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data. Please try again later.'

const FIGURES: {
  label: string
  value: (figures: AdminDashboardFigures) => number
  to: string
  note?: (figures: AdminDashboardFigures) => string
}[] = [
  { label: 'Total Agencies', value: (figures) => figures.totalAgencies, to: '/admin/agencies' },
  { label: 'Total Users', value: (figures) => figures.totalUsers, to: '/admin/users' },
  { label: 'Agent Admins', value: (figures) => figures.agentAdmins, to: '/admin/agent-admins' },
  {
    label: 'Booking Requests',
    value: (figures) => figures.bookingRequests,
    to: '/admin/bookings',
    note: (figures) => `${figures.pendingApproval} pending your approval`,
  },
]

/** The admin dashboard's Overview counts, counted by the backend (GET /api/dashboard/admin). */
export default function AdminOverview() {
  const basename = useBasename()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const { data, isPending, error, refetch, isFetching } = useQuery({
    queryKey: ['dashboard', 'admin'],
    queryFn: () => dataProvider.getAdminDashboard(),
  })

  if (isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2 }} role="status">
        <CircularProgress size={22} />
        <Typography>Loading dashboard data...</Typography>
      </Stack>
    )
  }
  if (error) {
    return (
      <Alert
        severity="error"
        role="alert"
        sx={{ width: '100%', maxWidth: 720 }}
        action={
          <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
            Try Again
          </Button>
        }
      >
        {messageOf(error, DASHBOARD_LOAD_FAILED)}
      </Alert>
    )
  }

  return (
    <Box component="section" aria-label="Overview" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: '100%' }}>
      {FIGURES.map((figure) => (
        <Card key={figure.label} sx={{ minWidth: 200, flex: '1 1 200px' }}>
          <CardActionArea component={Link} to={`${basename}${figure.to}`}>
            <CardContent>
              <Typography variant="overline" color="text.secondary" component="h2">
                {figure.label}
              </Typography>
              <Typography variant="h4" component="p">
                {figure.value(data)}
              </Typography>
              {figure.note && (
                <Typography variant="body2" color="text.secondary">
                  {figure.note(data)}
                </Typography>
              )}
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  )
}
