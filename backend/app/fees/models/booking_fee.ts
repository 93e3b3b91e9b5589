import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** How a booking fee was paid (record only: no money moves through the product). */
export const FEE_METHODS = ['cheque', 'bank_transfer', 'fpx', 'card', 'cash'] as const
export type FeeMethod = (typeof FEE_METHODS)[number]

export const FEE_STATUSES = ['expected', 'received', 'refunded'] as const
export type FeeStatus = (typeof FEE_STATUSES)[number]

export default class BookingFee extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  /** The booking's agency, copied so the report groups on an index. */
  @column()
  declare agencyId: number | null

  @column()
  declare amount: number

  @column()
  declare method: FeeMethod

  @column()
  declare reference: string | null

  @column()
  declare status: FeeStatus

  @column.date()
  declare receivedOn: DateTime | null

  @column.date()
  declare refundedOn: DateTime | null

  @column()
  declare refundReason: string | null

  /** The fee's date in the report: when it was received, else when it was recorded. */
  @column.date()
  declare reportedOn: DateTime

  @column({ serializeAs: null })
  declare receiptKey: string | null

  @column()
  declare receiptName: string | null

  @column()
  declare receiptMimeType: string | null

  @column()
  declare receiptSize: number | null

  @column()
  declare recordedById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
