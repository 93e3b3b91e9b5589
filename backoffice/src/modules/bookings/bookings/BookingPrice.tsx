import type { ReactNode } from 'react'
import { Box } from '@mui/material'
import { formatSen } from '../../../format'
import type { Booking } from '../types'
import { bookingPriceSen, bookingPriceText } from './bookingPrice'

/**
 * The price cell: the price the booking was made at; with a discount, the net price under it, so
 * the column stays as narrow as one amount.
 */
export function BookingPrice({ booking }: { booking: Booking }) {
  const price = bookingPriceSen(booking)
  if (!booking.discountSen || booking.netPriceSen === null || booking.netPriceSen === undefined) {
    return <>{formatSen(price)}</>
  }
  return (
    <>
      {formatSen(price)}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
        Net {formatSen(booking.netPriceSen)}
      </Box>
    </>
  )
}

/** A list cell with the booking's price as a second line under it (the lists have no room for a price column). */
export function WithPrice({ booking, children }: { booking: Booking; children: ReactNode }) {
  return (
    <>
      {children}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
        {bookingPriceText(booking)}
      </Box>
    </>
  )
}
