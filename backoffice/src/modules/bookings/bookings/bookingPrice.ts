import { formatRM, formatSen } from '../../../format'
import { bookedItem, type Booking } from '../types'

/** The price the booking was made at, in sen; the lot's own price for bookings older than price lists. */
export function bookingPriceSen(booking: Booking): number | null {
  if (booking.priceSen !== null && booking.priceSen !== undefined) return booking.priceSen
  const price = bookedItem(booking)?.price
  return price === null || price === undefined ? null : Math.round(price * 100)
}

/** One line: the net price, and the discount when a package took some off. */
export function bookingPriceText(booking: Booking): string {
  const price = bookingPriceSen(booking)
  if (price === null) return formatRM(null)
  if (!booking.discountSen || booking.netPriceSen === null || booking.netPriceSen === undefined) return formatSen(price)
  return `${formatSen(booking.netPriceSen)} (${formatSen(booking.discountSen)} off)`
}
