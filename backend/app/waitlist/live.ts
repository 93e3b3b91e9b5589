import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import { LIVE_CHANNELS, lotInPlace, type LotMessage } from '#core/live'
import { Lot, dropPublicLotReads } from '#inventory'
import { waitlistFigures } from '#waitlist/queries/lot_figures'

/**
 * Pushed on the public `lots` channel as a lot message whose status is unchanged, so open pages and the
 * gateway (which drops its cached reads on any `lots` message) hear it as a status change.
 */
export type WaitlistLotMessage = Omit<LotMessage, 'cause'> & {
  cause: 'waitlist'
  waitlistCount: number
  offeredUntil: string | null
}

/** The shared reads go first (they carry the line's figures). Never fails the caller. */
export async function announceLineChange(lotId: number): Promise<void> {
  await dropPublicLotReads()
  try {
    const lot = await Lot.find(lotId)
    if (!lot) return
    const figures = (await waitlistFigures([lot.id])).get(lot.id)
    const message: WaitlistLotMessage = {
      type: 'lot',
      ...lotInPlace(lot, 'waitlist', DateTime.utc().toISO()!),
      waitlistCount: figures?.waitlistCount ?? 0,
      offeredUntil: figures?.offeredUntil ?? null,
    }
    transmit.broadcast(LIVE_CHANNELS.lots, message)
  } catch (error) {
    logger.warn({ err: error, lotId }, "a lot's waitlist change could not be pushed live")
  }
}
