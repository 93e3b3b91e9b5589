import { useState } from 'react'
import { Tab, Tabs } from '@mui/material'
import { DataTable, List, useListContext } from 'react-admin'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { APPROVAL_FILTERS, unitOrLot, type Booking } from '../types'
import { BookingActions } from './BookingActions'
import { BookingDetailsDialog } from './BookingDetailsDialog'
import { ProcessBookingDialog } from './ProcessBookingDialog'

/** Rows waiting for the super admin stand out (spec 001). */
const waitingRowSx = (booking: Booking) =>
  booking.status === 'pending_admin'
    ? { backgroundColor: 'rgba(237, 108, 2, 0.08)', '& td:first-of-type': { fontWeight: 600 } }
    : {}

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
      {APPROVAL_FILTERS.map((filter) => (
        <Tab key={filter.id} value={filter.id} label={filter.name} />
      ))}
    </Tabs>
  )
}

/** Booking Requests Management (spec 001 "Booking Approvals"): view, and process pending_admin requests. */
export default function BookingApprovalList() {
  const flash = useFlash()
  const [viewing, setViewing] = useState<Booking['id'] | null>(null)
  const [processing, setProcessing] = useState<Booking | null>(null)

  return (
    <>
      <List<Booking>
        resource="admin/bookings"
        title="Booking Approvals"
        filterDefaultValues={{ status: 'all' }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        queryOptions={{
          onError: () => flash.error('Failed to load booking requests. Please try refreshing the page.'),
        }}
      >
        <StatusFilterTabs />
        <DataTable<Booking> bulkActionButtons={false} rowClick={false} rowSx={waitingRowSx}>
          <DataTable.Col<Booking> source="id" label="Booking ID" render={(booking) => bookingReference(booking.id)} />
          <DataTable.Col<Booking> label="Unit/Lot" render={unitOrLot} />
          <DataTable.Col<Booking> label="Agency" render={(booking) => booking.agency?.name ?? 'N/A'} />
          <DataTable.Col<Booking>
            source="createdAt"
            label="Date"
            render={(booking) => formatDateTime(booking.createdAt)}
          />
          <DataTable.Col<Booking>
            source="status"
            label="Status"
            render={(booking) => <BookingStatusBadge status={booking.status} />}
          />
          <DataTable.Col<Booking>
            label="Action"
            render={(booking) => (
              <BookingActions booking={booking} onView={(row) => setViewing(row.id)} onProcess={setProcessing} />
            )}
          />
        </DataTable>
      </List>
      <BookingDetailsDialog
        id={viewing}
        onClose={() => setViewing(null)}
        onProcess={(booking) => {
          setViewing(null)
          setProcessing(booking)
        }}
      />
      <ProcessBookingDialog booking={processing} onClose={() => setProcessing(null)} />
    </>
  )
}
