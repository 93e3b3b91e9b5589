import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { PackagedPrice } from '#inventory'

/** A copy of each package the booking was made with (#bookings/models/booking_package). */
export async function recordBookingPackages(trx: TransactionClientContract, bookingId: number, priced: PackagedPrice) {
  if (priced.applied.length === 0) return
  await trx.table('booking_packages').multiInsert(
    priced.applied.map(({ package: terms, discountSen }) => ({
      booking_id: bookingId,
      package_id: terms.id,
      name: terms.name,
      kind: terms.kind,
      percent_bp: terms.percentBp,
      amount_sen: terms.amountSen,
      discount_sen: discountSen,
    }))
  )
}
