import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import { LIVE_CHANNELS, type LotMessage } from '#core/live'
import { Lot, dropPublicLotReads } from '#inventory'
import { waitlistFigures } from '#waitlist/queries/lot_figures'

/**
 * A lot's line changed (someone joined or left, an offer started or ended): pushed on the
 * public `lots` channel as a lot message whose `status` is the lot's status now (unchanged,
 * `previous` the same), `cause: 'waitlist'`, with the public payload's `waitlistCount` and
 * `offeredUntil`. Open lot-type pages and the storefront's gateway hear it as they hear a
 * status change (the gateway drops its cached reads on any `lots` message).
 */
export type WaitlistLotMessage = Omit<LotMessage, 'cause'> & {
  cause: 'waitlist'
  waitlistCount: number
  offeredUntil: string | null
}

/**
 * After the commit: the visitors' shared reads go (they carry `waitlistCount` and
 * `offeredUntil`), then the lot's watchers hear its line's figures. Never fails the caller.
 */
export async function announceLineChange(lotId: number): Promise<void> {
  await dropPublicLotReads()
  try {
    const lot = await Lot.find(lotId)
    if (!lot) return
    const figures = (await waitlistFigures([lot.id])).get(lot.id)
    const message: WaitlistLotMessage = {
      type: 'lot',
      lotId: lot.id,
      developmentId: lot.developmentId,
      typeCode: lot.typeCode ?? null,
      lotNumber: lot.lotNumber,
      unitNumber: lot.unitNumber ?? null,
      status: lot.status,
      previous: lot.status,
      cause: 'waitlist',
      at: DateTime.utc().toISO()!,
      waitlistCount: figures?.waitlistCount ?? 0,
      offeredUntil: figures?.offeredUntil ?? null,
    }
    transmit.broadcast(LIVE_CHANNELS.lots, message)
  } catch (error) {
    logger.warn({ err: error, lotId }, "a lot's waitlist change could not be pushed live")
  }
}
