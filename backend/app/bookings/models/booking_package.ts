import { BaseModel, column } from '@adonisjs/lucid/orm'

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * A package as a booking was made with it: a copy of its terms and the discount it gave, so that what
 * the package becomes later changes nothing on the booking. Written by the workflow's create step;
 * its key is (booking_id, package_id), read here through the booking only.
 */
export default class BookingPackage extends BaseModel {
  static table = 'booking_packages'

  @column({ isPrimary: true })
  declare bookingId: number

  @column()
  declare packageId: number

  @column()
  declare name: string

  @column()
  declare kind: 'percent' | 'fixed'

  @column({ consume: toNumber })
  declare percentBp: number | null

  @column({ consume: toNumber })
  declare amountSen: number | null

  @column({ consume: toNumber })
  declare discountSen: number
}
