import type { Booking, BookingPart } from '#bookings'
import BookingFee from '#fees/models/booking_fee'
import { exportedFee, exportedReceipt } from '#fees/exported_receipt'
import { serializeBookingFeeFields } from '#fees/transformers/booking_fee_transformer'

/** Each loaded booking's fee (null: none on record); a booking not loaded here shows no fee fields. */
const fees = new WeakMap<Booking, BookingFee | null>()

/**
 * The fee on record as part of a booking (#bookings/ports): the screens read it and its columns
 * flat for the CSV export; the person's export carries it and its receipt file.
 */
export const feePart: BookingPart = {
  async load(bookings, client) {
    const rows = await BookingFee.query({ client }).whereIn(
      'booking_id',
      bookings.map((booking) => booking.id)
    )
    const byBooking = new Map(rows.map((fee) => [fee.bookingId, fee]))
    for (const booking of bookings) fees.set(booking, byBooking.get(booking.id) ?? null)
  },
  fields(booking) {
    if (!fees.has(booking)) return {}
    return serializeBookingFeeFields(fees.get(booking) ?? null)
  },
  exported(booking) {
    const fee = fees.get(booking) ?? null
    return { fee: fee ? exportedFee(fee) : null }
  },
  files(booking) {
    return exportedReceipt(fees.get(booking) ?? null)
  },
}
