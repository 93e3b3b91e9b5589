import { bookingBadge, bookingReference, type CsvColumn } from '../../../format'
import type { Booking } from '../types'
import { bookingPriceSen } from './bookingPrice'
import { FEE_STATUS_LABELS, feeMethodLabel, type BookingFeeFields } from '../fees/types'

/** Sen as ringgit for a spreadsheet: a number, to the sen. */
const ringgit = (sen: number | null | undefined) => (sen === null || sen === undefined ? null : sen / 100)

/** The All Bookings export: the price the booking was made at, its discount, packages and net price. */
export const BOOKING_CSV_COLUMNS: CsvColumn<Booking>[] = [
  { header: 'Booking ID', value: (booking) => booking.id },
  { header: 'Reference', value: (booking) => bookingReference(booking.id) },
  { header: 'Unit', value: (booking) => booking.unitNumber },
  { header: 'Lot Number', value: (booking) => booking.lotNumber },
  { header: 'Type', value: (booking) => booking.lotType },
  { header: 'Price (RM)', value: (booking) => ringgit(bookingPriceSen(booking)) },
  { header: 'Discount (RM)', value: (booking) => ringgit(booking.discountSen) },
  {
    header: 'Net Price (RM)',
    value: (booking) => ringgit(booking.netPriceSen ?? (booking.discountSen ? null : bookingPriceSen(booking))),
  },
  {
    header: 'Packages',
    value: (booking) => (booking.packages ?? []).map((applied) => applied.name).join('; ') || null,
  },
  { header: 'Client', value: (booking) => booking.user?.name ?? booking.creatorName },
  { header: 'Client Email', value: (booking) => booking.user?.email ?? booking.creatorEmail },
  { header: 'Requested By', value: (booking) => booking.creatorName },
  { header: 'Agency', value: (booking) => booking.agency?.name ?? null },
  { header: 'Status', value: (booking) => bookingBadge(booking.status).label },
  { header: 'Status Code', value: (booking) => booking.status },
  { header: 'Created', value: (booking) => booking.createdAt },
  { header: 'Updated', value: (booking) => booking.updatedAt },
  // The booking fee on record.
  { header: 'Fee Amount (RM)', value: (booking) => (booking as Booking & BookingFeeFields).feeAmount ?? null },
  {
    header: 'Fee Method',
    value: (booking) => feeMethodLabel((booking as Booking & BookingFeeFields).feeMethod) || null,
  },
  {
    header: 'Fee Status',
    value: (booking) => {
      const status = (booking as Booking & BookingFeeFields).feeStatus
      return status ? FEE_STATUS_LABELS[status] : null
    },
  },
  { header: 'Fee Received Date', value: (booking) => (booking as Booking & BookingFeeFields).feeReceivedOn ?? null },
]
