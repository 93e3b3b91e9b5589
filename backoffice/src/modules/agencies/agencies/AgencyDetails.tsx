import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { useQuery } from '@tanstack/react-query'
import { Title, useBasename, useDataProvider, useGetList, useGetOne } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import { RecordTable } from '../../../components/RecordTable'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime, formatRM, roleName } from '../../../format'
import { statusOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { User } from '@aero/shared/user'
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

const unitOrLot = (booking: AgencyBooking) => booking.unitNumber || booking.lotNumber || 'N/A'
const clientName = (booking: AgencyBooking) => booking.user?.name ?? booking.creatorName ?? 'N/A'
const price = (booking: AgencyBooking) => formatRM((booking.lot ?? booking.unit)?.price)
const status = (booking: AgencyBooking) => <BookingStatusBadge status={booking.status} />

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
          <RecordTable
            label="Agency bookings"
            records={bookings.error ? undefined : bookings.data}
            loading={bookings.isPending}
            failureText="Failed to load booking requests. Please try refreshing the page."
            emptyText="No bookings for this agency yet."
            framed={false}
            columns={[
              { header: 'Booking ID', cell: (booking) => bookingReference(booking.id) },
              { header: 'Unit/Lot', cell: unitOrLot },
              { header: 'Client', cell: clientName },
              { header: 'Price', cell: price },
              { header: 'Date', cell: (booking) => formatDateTime(booking.createdAt) },
              { header: 'Status', cell: status },
            ]}
            card={{
              primary: unitOrLot,
              secondary: (booking) => [
                `${clientName(booking)} · ${price(booking)}`,
                `#${bookingReference(booking.id)} · ${formatDateTime(booking.createdAt)}`,
              ],
              tertiary: status,
            }}
          />
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
        <RecordTable
          label={title}
          records={people}
          loading={loading}
          failureText="Failed to load agency details. Please try again later."
          emptyText={empty}
          framed={false}
          columns={[
            { header: 'Name', cell: (person) => person.name },
            { header: 'Email', cell: (person) => person.email },
            { header: 'Phone', cell: (person) => person.phone || 'N/A' },
            { header: 'Role', cell: (person) => roleName(person.role) },
            { header: 'Position', cell: (person) => person.position || 'Member' },
          ]}
          card={{
            primary: (person) => person.name,
            secondary: (person) => [
              person.email,
              person.phone,
              `${roleName(person.role)} · ${person.position || 'Member'}`,
            ],
          }}
        />
      </CardContent>
    </Card>
  )
}
