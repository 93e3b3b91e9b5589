import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { useQuery } from '@tanstack/react-query'
import { Title, useBasename, useDataProvider, useGetList, useGetOne } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime, formatRM, roleName } from '../../../format'
import { statusOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { User } from '../../../providers/user'
import type { Agency } from '../types'

interface AgencyBooking {
  id: number
  status: string
  createdAt: string | null
  unitNumber: string | null
  lotNumber: string | null
  lot: { price: number | null } | null
  unit: { price: number | null } | null
  user: { name: string; email: string } | null
  creatorName: string | null
}

function loadError(error: unknown): string {
  const status = statusOf(error)
  if (status === 404) return 'Agency not found'
  if (status === 403) return 'Access denied. Admin privileges required.'
  return 'Failed to load agency details. Please try again later.'
}

/**
 * Agency Details (requirements: super-admin.md#agency-details): the agency, its agent admins and members, its
 * bookings.
 */
export default function AgencyDetails() {
  const { id = '' } = useParams()
  const basename = useBasename()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const agency = useGetOne<Agency>('admin/agencies', { id })
  const people = useQuery({
    queryKey: ['admin/agencies', 'people', id],
    queryFn: () => dataProvider.getAgencyPeople(id),
    enabled: agency.isSuccess,
  })
  const bookings = useGetList<AgencyBooking>(
    'admin/all-bookings',
    { filter: { agencyId: id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' } },
    { enabled: agency.isSuccess }
  )

  const back = (
    <Button component={Link} to={`${basename}/`} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Dashboard
    </Button>
  )

  if (agency.isPending) {
    return (
      <Box sx={{ mt: 2 }}>
        {back}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>Loading agency details...</Typography>
        </Stack>
      </Box>
    )
  }
  if (agency.error || !agency.data) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="Agency Details" />
        {back}
        <Alert severity="error" role="alert">
          {loadError(agency.error)}
        </Alert>
      </Box>
    )
  }

  const details = agency.data
  const agentAdmins = (people.data ?? []).filter((person) => person.role === 'agent_admin')
  const members = (people.data ?? []).filter((person) => person.role !== 'agent_admin')

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`Agency Details: ${details.name}`} />
      {back}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h5" component="h1">
              {details.name}
            </Typography>
            <Chip
              size="small"
              label={details.isActive ? 'Active' : 'Inactive'}
              color={details.isActive ? 'success' : 'default'}
            />
          </Stack>
          {details.description && <Typography sx={{ mb: 1 }}>{details.description}</Typography>}
          <Typography variant="body2">Contact Email: {details.contactEmail}</Typography>
          <Typography variant="body2">Phone: {details.contactPhone || 'N/A'}</Typography>
          <Typography variant="body2">Address: {details.address || 'N/A'}</Typography>
        </CardContent>
      </Card>

      {people.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load agency details. Please try again later.
        </Alert>
      ) : (
        <>
          <PeopleTable
            title="Agent Admins"
            people={agentAdmins}
            loading={people.isPending}
            empty="No agent admins assigned."
          />
          <PeopleTable title="Members" people={members} loading={people.isPending} empty="No approved members." />
        </>
      )}

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Bookings ({bookings.total ?? 0})
          </Typography>
          {bookings.isPending ? (
            <CircularProgress size={20} />
          ) : bookings.error ? (
            <Alert severity="error">Failed to load booking requests. Please try refreshing the page.</Alert>
          ) : bookings.data?.length ? (
            <Table size="small" aria-label="Agency bookings">
              <TableHead>
                <TableRow>
                  <TableCell>Booking ID</TableCell>
                  <TableCell>Unit/Lot</TableCell>
                  <TableCell>Client</TableCell>
                  <TableCell>Price</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bookings.data.map((booking) => (
                  <TableRow key={booking.id}>
                    <TableCell>{bookingReference(booking.id)}</TableCell>
                    <TableCell>{booking.unitNumber || booking.lotNumber || 'N/A'}</TableCell>
                    <TableCell>{booking.user?.name ?? booking.creatorName ?? 'N/A'}</TableCell>
                    <TableCell>{formatRM((booking.lot ?? booking.unit)?.price)}</TableCell>
                    <TableCell>{formatDateTime(booking.createdAt)}</TableCell>
                    <TableCell>
                      <BookingStatusBadge status={booking.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary">No bookings for this agency yet.</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  )
}

function PeopleTable({
  title,
  people,
  loading,
  empty,
}: {
  title: string
  people: User[]
  loading: boolean
  empty: string
}) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title} ({people.length})
        </Typography>
        {loading ? (
          <CircularProgress size={20} />
        ) : people.length ? (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Phone</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Position</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {people.map((person) => (
                <TableRow key={person.id}>
                  <TableCell>{person.name}</TableCell>
                  <TableCell>{person.email}</TableCell>
                  <TableCell>{person.phone || 'N/A'}</TableCell>
                  <TableCell>{roleName(person.role)}</TableCell>
                  <TableCell>{person.position || 'Member'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">{empty}</Typography>
        )}
      </CardContent>
    </Card>
  )
}
