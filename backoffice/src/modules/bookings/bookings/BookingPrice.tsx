import { Box } from '@mui/material'
import { formatSen } from '../../../format'
import type { Booking } from '../types'
import { bookingPriceSen } from './bookingCsv'

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
