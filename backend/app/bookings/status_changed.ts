import type { Lot, LotStatus } from '#inventory'
import type { BookingAction, BookingStatus } from '#bookings/workflow_table'

export type BookingLot = Pick<Lot, 'developmentId' | 'typeCode' | 'lotNumber' | 'unitNumber'>

/** The typed event every committed transition emits, once, after the commit. */
export type BookingStatusChanged = {
  bookingId: number
  lotId: number
  agencyId: number | null
  userId: number | null
  createdById: number | null
  action: BookingAction
  from: BookingStatus | null
  to: BookingStatus
  lotStatus: LotStatus | null
  previousLotStatus: LotStatus | null
  /** Read in the transaction: announcing it needs no query. */
  lot: BookingLot | null
  actorId: number | null
  notes: string | null
  at: string
}
