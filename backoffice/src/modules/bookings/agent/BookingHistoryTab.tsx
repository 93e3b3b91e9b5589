import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useGetList } from 'react-admin'
import { bookingReference, formatDateTime } from '../../../format'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import type { Booking } from '../types'
import { AgentBookingDetailsDialog } from './AgentBookingDetailsDialog'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { bookedProperty, bookingClient } from './agentStatus'
import { TAB_ROWS } from './BookingRequestsTab'
import { AGENT_BOOKINGS_RESOURCE } from './types'

/**
 * The agent dashboard's Booking History tab (spec 001): the agency's bookings past the agent's
 * decision (the backend leaves out pending_agent), with their notes.
 */
export default function BookingHistoryTab() {
  const [viewing, setViewing] = useState<Booking['id'] | null>(null)
  const { data, isPending, refetch, isFetching, dataUpdatedAt } = useGetList<Booking>(AGENT_BOOKINGS_RESOURCE, {
    pagination: { page: 1, perPage: TAB_ROWS },
    sort: { field: 'updatedAt', order: 'DESC' },
    filter: { history: 1 },
  })
  const refresh = useTabRefresh(refetch, "Couldn't refresh booking history")

  return (
    <Box component="section" aria-label="Booking History" sx={{ width: '100%' }}>
      <TabHeader title="Booking History" updatedAt={dataUpdatedAt} refreshing={isFetching} onRefresh={refresh} />
      {isPending ? (
        <CircularProgress size={22} />
      ) : !data ? (
        <Alert severity="error" role="alert">
          Failed to load booking history.
        </Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No booking history yet.</Typography>
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Booking history">
            <TableHead>
              <TableRow>
                <TableCell>Booking ID</TableCell>
                <TableCell>Property</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Notes</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((booking) => (
                <TableRow key={booking.id} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{bookingReference(booking.id)}</TableCell>
                  <TableCell>{bookedProperty(booking)}</TableCell>
                  <TableCell>{bookingClient(booking).name}</TableCell>
                  <TableCell>{formatDateTime(booking.updatedAt ?? booking.createdAt)}</TableCell>
                  <TableCell>
                    <AgentBookingStatusBadge status={booking.status} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-line' }}>
                    {booking.adminNotes || booking.agentNotes || 'N/A'}
                  </TableCell>
                  <TableCell>
                    <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setViewing(booking.id)}>
                      View Details
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <AgentBookingDetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </Box>
  )
}
