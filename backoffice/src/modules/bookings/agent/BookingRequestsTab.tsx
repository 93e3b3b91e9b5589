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
import { formatDateTime } from '../../../format'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import type { Booking } from '../types'
import { AgentBookingDetailsDialog } from './AgentBookingDetailsDialog'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { bookedProperty, bookingClient } from './agentStatus'
import { AGENT_BOOKINGS_RESOURCE } from './types'

/** The dashboard tabs show the latest requests; the booking requests page pages through them all. */
export const TAB_ROWS = 50

/**
 * The agent dashboard's Booking Requests tab (spec 001): the agency's requests, newest first,
 * each with View Details (where a request waiting for the agent is approved or rejected).
 */
export default function BookingRequestsTab() {
  const [viewing, setViewing] = useState<Booking['id'] | null>(null)
  const { data, isPending, refetch, isFetching, dataUpdatedAt } = useGetList<Booking>(AGENT_BOOKINGS_RESOURCE, {
    pagination: { page: 1, perPage: TAB_ROWS },
    sort: { field: 'createdAt', order: 'DESC' },
  })
  const refresh = useTabRefresh(refetch, "Couldn't refresh booking requests")

  return (
    <Box component="section" aria-label="Booking Requests" sx={{ width: '100%' }}>
      <TabHeader title="Booking Requests" updatedAt={dataUpdatedAt} refreshing={isFetching} onRefresh={refresh} />
      {isPending ? (
        <CircularProgress size={22} />
      ) : !data ? (
        <Alert severity="error" role="alert">
          Failed to load booking requests.
        </Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No booking requests yet.</Typography>
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Booking requests">
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Contact</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((booking) => {
                const client = bookingClient(booking)
                return (
                  <TableRow key={booking.id} hover>
                    <TableCell>{bookedProperty(booking)}</TableCell>
                    <TableCell>{client.name}</TableCell>
                    <TableCell>
                      <div>{client.email ?? 'N/A'}</div>
                      <Typography variant="caption" color="text.secondary">
                        {client.phone ?? 'N/A'}
                      </Typography>
                    </TableCell>
                    <TableCell>{formatDateTime(booking.createdAt)}</TableCell>
                    <TableCell>
                      <AgentBookingStatusBadge status={booking.status} />
                    </TableCell>
                    <TableCell>
                      <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setViewing(booking.id)}>
                        View Details
                      </Button>
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </Card>
      )}
      <AgentBookingDetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </Box>
  )
}
