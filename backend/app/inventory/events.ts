import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type Lot from '#inventory/models/lot'
import type { LotStatus } from '#inventory/models/lot'
import { dropPublicLotReads } from '#inventory/public_reads'
import { lotInPlace } from '#core/live'

/**
 * What moved a lot: a booking's transition, a super admin's edit, a CSV import, a hold that expired, its release
 * (the status unchanged: a release batch or an edit put the lot on sale, or an edit took it off sale).
 */
export type LotStatusCause = 'booking' | 'admin' | 'import' | 'expiry' | 'release'

/** Emitted once after the commit (a rollback emits nothing); `previous` is null for a new lot. */
export type LotStatusChanged = {
  lotId: number
  developmentId: number
  typeCode: Lot['typeCode']
  lotNumber: string
  unitNumber: string | null
  status: LotStatus
  previous: LotStatus | null
  cause: LotStatusCause
  at: string
  /** Sent when the lot's release changed (`cause: 'release'`): whether it is on sale now. */
  released?: boolean
  /** Sent when the lot became, or stopped being, reserved for verified Bumiputera buyers (`cause: 'admin'`). */
  bumiputeraReserved?: boolean
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'lot:status_changed': LotStatusChanged
  }
}

/** Listeners react after the commit; one failing never undoes or fails the change. */
async function announce(change: LotStatusChanged) {
  try {
    await emitter.emit('lot:status_changed', change)
  } catch (error) {
    logger.error({ err: error, lotId: change.lotId }, 'A lot:status_changed listener failed')
  }
}

/** Once `client` commits, or at once when the save had no transaction. */
export async function announceLotStatus(
  lot: Lot,
  previous: LotStatus | null,
  cause: LotStatusCause,
  client?: TransactionClientContract
): Promise<void> {
  // Any saved lot changes what visitors read (a title, a price): the shared reads go once it commits.
  if (client) client.after('commit', dropPublicLotReads)
  else await dropPublicLotReads()
  if (lot.status === previous) return
  const { id: lotId, developmentId, lotNumber, status } = lot
  // A lot created without them has them unset, not null: the message names every field.
  const typeCode = lot.typeCode ?? null
  const unitNumber = lot.unitNumber ?? null
  const change = () => ({
    lotId,
    developmentId,
    typeCode,
    lotNumber,
    unitNumber,
    status,
    previous,
    cause,
    at: DateTime.utc().toISO()!,
  })
  if (client) client.after('commit', () => announce(change()))
  else await announce(change())
}

export type ReleasedLot = Pick<Lot, 'id' | 'developmentId' | 'typeCode' | 'lotNumber' | 'unitNumber' | 'status'>

/**
 * Lots put on sale (a release batch, an edit) or taken off sale (an edit), once `client` commits: told as status
 * changes whose status is the same, with `released` saying which, so the shared reads go and open pages follow.
 */
export function announceLotsRelease(lots: ReleasedLot[], released: boolean, client: TransactionClientContract): void {
  client.after('commit', async () => {
    const at = DateTime.utc().toISO()!
    for (const lot of lots) await announce({ ...lotInPlace(lot, 'release', at), released })
  })
}

/** A lot now reserved for verified Bumiputera buyers, or no longer, once `client` commits: open pages mark it. */
export function announceLotReservation(lot: ReleasedLot, reserved: boolean, client: TransactionClientContract): void {
  client.after('commit', () =>
    announce({ ...lotInPlace(lot, 'admin', DateTime.utc().toISO()!), bumiputeraReserved: reserved })
  )
}

export type BookingLotChange = {
  lotId: number
  action: string
  /** The lot's status the transition set, and the one it had before; null: the lot did not move. */
  lotStatus: LotStatus | null
  previousLotStatus: LotStatus | null
  lot: Pick<Lot, 'developmentId' | 'typeCode' | 'lotNumber' | 'unitNumber'> | null
  at: string
}

/** A transition that moved its lot is that lot's status change too. */
export async function announceBookingLotChange(event: BookingLotChange): Promise<void> {
  const { lot } = event
  if (event.lotStatus === null || lot === null) return
  const previous = event.previousLotStatus
  await announce({
    lotId: event.lotId,
    developmentId: lot.developmentId,
    typeCode: lot.typeCode,
    lotNumber: lot.lotNumber,
    unitNumber: lot.unitNumber,
    status: event.lotStatus,
    previous,
    cause: event.action === 'expire' ? 'expiry' : 'booking',
    at: event.at,
  })
}
