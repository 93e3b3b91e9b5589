import { describe, expect, it } from 'vitest'
import { toCsv } from '../../../format'
import { bookingWithDocuments } from '../shared/bookingFixture'
import { BOOKING_CSV_COLUMNS } from './bookingCsv'
import { bookingPriceText } from './bookingPrice'

const discounted = bookingWithDocuments({
  priceSen: 50_000_000,
  discountSen: 6_000_050,
  netPriceSen: 43_999_950,
  packages: [
    { id: 1, name: 'Early bird 5%', discountSen: 2_500_000 },
    { id: 2, name: 'Bumiputera discount 7%', discountSen: 3_500_050 },
  ],
})

function column(csv: string, header: string) {
  const [head, row] = csv.trim().split(/\r?\n/)
  const headers = head.split(',')
  return row.split(',')[headers.indexOf(header)]
}

describe('the All Bookings export', () => {
  it('carries the price the booking was made at, its discount, net price and packages, to the sen', () => {
    const csv = toCsv([discounted], BOOKING_CSV_COLUMNS)
    expect(column(csv, 'Price (RM)')).toBe('500000')
    expect(column(csv, 'Discount (RM)')).toBe('60000.5')
    expect(column(csv, 'Net Price (RM)')).toBe('439999.5')
    expect(column(csv, 'Packages')).toBe('Early bird 5%; Bumiputera discount 7%')
  })

  it('a booking older than price lists has its lot price, no discount and that price as net', () => {
    const old = bookingWithDocuments({ priceSen: null, discountSen: null, netPriceSen: null, packages: [] })
    const lotPrice = (old.lot ?? old.unit)!.price as number
    const csv = toCsv([old], BOOKING_CSV_COLUMNS)
    expect(column(csv, 'Price (RM)')).toBe(String(lotPrice))
    expect(column(csv, 'Discount (RM)')).toBe('')
    expect(column(csv, 'Net Price (RM)')).toBe(String(lotPrice))
  })

  it('the list shows the net price and what was taken off in one line', () => {
    expect(bookingPriceText(discounted)).toBe('RM 439,999.50 (RM 60,000.50 off)')
    expect(
      bookingPriceText(bookingWithDocuments({ priceSen: 46_800_000, discountSen: 0, netPriceSen: 46_800_000 }))
    ).toBe('RM 468,000')
  })
})
