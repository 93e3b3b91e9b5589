import { useState } from 'react'
import { Stack, Tab, Tabs, Typography } from '@mui/material'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { Button, DataTable, List, useListContext } from 'react-admin'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import type { Booking } from '../types'
import { AgentBookingDetailsDialog } from './AgentBookingDetailsDialog'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { AGENT_REQUEST_FILTERS, awaitsAgent, bookedProperty, bookingClient } from './agentStatus'
import { RespondToBookingDialog } from './RespondToBookingDialog'
import { AGENT_BOOKINGS_RESOURCE } from './types'

function StatusFilterTabs() {
  const { filterValues, setFilters } = useListContext()
  const current = (filterValues.status as string | undefined) ?? 'all'
  return (
    <Tabs
      value={current}
      onChange={(_event, status: string) => setFilters({ ...filterValues, status }, {})}
      aria-label="Booking request status"
      variant="scrollable"
    >
      {AGENT_REQUEST_FILTERS.map((filter) => (
        <Tab key={filter.id} value={filter.id} label={filter.name} />
      ))}
    </Tabs>
  )
}

/** Rows waiting for the agent admin stand out. */
const waitingRowSx = (booking: Booking) => (awaitsAgent(booking) ? { backgroundColor: 'rgba(237, 108, 2, 0.08)' } : {})

/**
 * The agent booking requests page (spec 001, /agent/booking-requests): the agency's requests
 * only (GET /api/bookings/agent), Process for those waiting for the agent, and View Details
 * for every request (the documents included).
 */
export default function AgentBookingRequestList() {
  const flash = useFlash()
  const [viewing, setViewing] = useState<Booking['id'] | null>(null)
  const [processing, setProcessing] = useState<Booking | null>(null)

  return (
    <>
      <List<Booking>
        resource={AGENT_BOOKINGS_RESOURCE}
        title="Booking Requests"
        filterDefaultValues={{ status: 'all' }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        queryOptions={{ onError: () => flash.error('Failed to load booking requests.') }}
      >
        <StatusFilterTabs />
        <DataTable<Booking>
          bulkActionButtons={false}
          rowClick={false}
          rowSx={waitingRowSx}
          empty={
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No booking requests found.
            </Typography>
          }
        >
          <DataTable.Col<Booking>
            label="User"
            render={(booking) => {
              const client = bookingClient(booking)
              return (
                <Stack>
                  <span>{client.name}</span>
                  <Typography variant="caption" color="text.secondary">
                    {client.email ?? 'N/A'}
                  </Typography>
                </Stack>
              )
            }}
          />
          <DataTable.Col<Booking> label="Property" render={bookedProperty} />
          <DataTable.Col<Booking>
            source="createdAt"
            label="Date"
            render={(booking) => formatDateTime(booking.createdAt)}
          />
          <DataTable.Col<Booking>
            source="status"
            label="Status"
            render={(booking) => <AgentBookingStatusBadge status={booking.status} />}
          />
          <DataTable.Col<Booking>
            label="Actions"
            render={(booking) => (
              <Stack direction="row" spacing={0.5}>
                {awaitsAgent(booking) && (
                  <Button label="Process" onClick={() => setProcessing(booking)} variant="contained">
                    <TaskAltIcon />
                  </Button>
                )}
                <Button label="View Details" onClick={() => setViewing(booking.id)}>
                  <VisibilityIcon />
                </Button>
              </Stack>
            )}
          />
        </DataTable>
      </List>
      <AgentBookingDetailsDialog id={viewing} onClose={() => setViewing(null)} />
      <RespondToBookingDialog booking={processing} onClose={() => setProcessing(null)} />
    </>
  )
}
