import { Stack } from '@mui/material'
import {
  DataTable,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useGetList,
  type SelectInputProps,
} from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { PhoneFilterButton, usePhoneFilters } from '../../../components/PhoneFilters'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { EXPORT_PAGE_SIZE, useCsvExporter } from '../../../components/useCsvExporter'
import { bookingReference, formatDateTime } from '../../../format'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { ADMIN_BOOKINGS_CHANNEL, describeBookingMessage } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import { useIsLaptop } from '../../../hooks/useIsLaptop'
import { useFlash } from '../../../messages'
import { bookingClient } from '../agent/agentStatus'
import { useBookingDialogs } from '../shared/BookingListParts'
import { HoldCountdown } from '../shared/HoldCountdown'
import { ADMIN_SIDE } from '../shared/bookingSides'
import { STATUS_FILTER_CHOICES, unitOrLot, type Booking } from '../types'
import { BOOKING_CSV_COLUMNS as CSV_COLUMNS } from './bookingCsv'
import { bookingPriceText } from './bookingPrice'
import { BookingPrice } from './BookingPrice'

function AgencyFilter(props: SelectInputProps) {
  const { data, isPending } = useGetList<{ id: number; name: string }>('admin/agencies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  })
  return <SelectInput {...props} choices={data ?? []} isPending={isPending} emptyText="All agencies" />
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search client, email or unit" />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={STATUS_FILTER_CHOICES}
    alwaysOn
    emptyText="All statuses"
  />,
  <AgencyFilter key="agencyId" source="agencyId" label="Agency" alwaysOn />,
]

function AllBookingActions() {
  const exporter = useCsvExporter(CSV_COLUMNS, 'bookings')
  return (
    <TopToolbar>
      <PhoneFilterButton />
      <ExportButton exporter={exporter} maxResults={EXPORT_PAGE_SIZE} />
    </TopToolbar>
  )
}

/** All Bookings (requirements: super-admin.md#all-bookings): every booking, searched, filtered, sorted, exported. */
export default function AllBookingList() {
  const flash = useFlash()
  const bookings = useBookingDialogs(ADMIN_SIDE)
  // On a laptop the hold goes under the status, and Requested By and Updated (in the export) make way.
  const laptop = useIsLaptop()
  // Every booking change (requests, decisions, cancellations, expiry) refreshes the list.
  const announcement = useLiveRefresh(ADMIN_BOOKINGS_CHANNEL, describeBookingMessage)
  return (
    <>
      <LiveAnnouncer text={announcement} />
      <List<Booking>
        resource="admin/all-bookings"
        title="All Bookings"
        filters={usePhoneFilters(filters)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        actions={<AllBookingActions />}
        queryOptions={{
          onError: () => flash.error('Failed to load booking requests. Please try refreshing the page.'),
        }}
      >
        <ListTableOrCards<Booking>
          label="Bookings"
          card={{
            primary: unitOrLot,
            secondary: (booking) => [
              `${bookingClient(booking).name} · ${booking.agency?.name ?? 'N/A'}`,
              `${bookingPriceText(booking)} · #${bookingReference(booking.id)}`,
              formatDateTime(booking.createdAt),
            ],
            tertiary: (booking) => (
              <>
                <BookingStatusBadge status={booking.status} />
                <HoldCountdown heldUntil={booking.heldUntil} />
              </>
            ),
            actions: bookings.actions,
          }}
        >
          {/* A long name or email breaks inside its cell rather than widening the page. */}
          <DataTable<Booking>
            bulkActionButtons={false}
            rowClick={false}
            sx={{ '& .MuiTableCell-body': { overflowWrap: 'anywhere' } }}
          >
            <DataTable.Col<Booking> source="id" label="Booking ID" render={(booking) => bookingReference(booking.id)} />
            <DataTable.Col<Booking> label="Unit/Lot" render={unitOrLot} />
            <DataTable.Col<Booking>
              label="Client"
              render={(booking) => booking.user?.name ?? booking.creatorName ?? 'N/A'}
            />
            {laptop ? null : (
              <DataTable.Col<Booking> label="Requested By" render={(booking) => booking.creatorName ?? 'N/A'} />
            )}
            <DataTable.Col<Booking> label="Agency" render={(booking) => booking.agency?.name ?? 'N/A'} />
            <DataTable.Col<Booking> label="Price" render={(booking) => <BookingPrice booking={booking} />} />
            <DataTable.Col<Booking>
              source="status"
              label="Status"
              render={(booking) =>
                laptop ? (
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <BookingStatusBadge status={booking.status} />
                    <HoldCountdown heldUntil={booking.heldUntil} />
                  </Stack>
                ) : (
                  <BookingStatusBadge status={booking.status} />
                )
              }
            />
            {laptop ? null : (
              <DataTable.Col<Booking>
                source="heldUntil"
                label="Held Until"
                render={(booking) => <HoldCountdown heldUntil={booking.heldUntil} />}
              />
            )}
            <DataTable.Col<Booking>
              source="createdAt"
              label="Created"
              render={(booking) => formatDateTime(booking.createdAt)}
            />
            {laptop ? null : (
              <DataTable.Col<Booking>
                source="updatedAt"
                label="Updated"
                render={(booking) => formatDateTime(booking.updatedAt)}
              />
            )}
            <DataTable.Col<Booking> label="Action" render={bookings.actions} />
          </DataTable>
        </ListTableOrCards>
      </List>
      {bookings.dialogs}
    </>
  )
}
