import logger from '@adonisjs/core/services/logger'
import { displayDateTime, displayTime } from '#core/dates'
import { DateTime } from 'luxon'
import { Lot } from '#inventory'

/** The times people read are Malaysia's, as everywhere in the app. */
export const WAITLIST_ZONE = 'Asia/Kuala_Lumpur'

/** "10:15 AM MYT", with the day first when it is not today in Malaysia ("Jun 04, 2025, 10:15 AM MYT"). */
export function heldUntilText(until: DateTime, now: DateTime = DateTime.utc()): string {
  return until.setZone(WAITLIST_ZONE).hasSame(now.setZone(WAITLIST_ZONE), 'day')
    ? displayTime(until)
    : displayDateTime(until)
}

/** Why anyone else's booking attempt is refused while an offer runs (409). */
export function heldForWaitlistMessage(until: DateTime, now: DateTime = DateTime.utc()): string {
  return `This lot is held for the next person on its waitlist until ${heldUntilText(until, now)}. Please try again later.`
}

/** The lot-type page a hub lot is shown on (the storefront's /properties/aeroindustrial/type/{A|B|C}). */
export function lotPageLink(lot: Pick<Lot, 'kind' | 'typeCode'>): string {
  return lot.kind === 'lot' && lot.typeCode ? `/properties/aeroindustrial/type/${lot.typeCode}` : '/properties'
}

export type WaitlistOffer = { lotId: number; userId: number; offerExpiresAt: DateTime }

export async function notifyOffers(offers: WaitlistOffer[]): Promise<void> {
  if (offers.length === 0) return
  try {
    const { notify } = await import('#notifications')
    const lots = new Map(
      (
        await Lot.query()
          .whereIn(
            'id',
            offers.map((offer) => offer.lotId)
          )
          .preload('development')
      ).map((lot) => [lot.id, lot])
    )
    await notify(
      offers.flatMap((offer) => {
        const lot = lots.get(offer.lotId)
        if (!lot) return []
        const label = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`
        const development = lot.development?.name ?? 'the development'
        const until = heldUntilText(offer.offerExpiresAt)
        const summary: Array<[string, string]> = [
          ['Lot', label],
          ['Development', development],
        ]
        if (lot.price) summary.push(['Price', `RM ${Math.round(lot.price).toLocaleString('en-MY')}`])
        summary.push(['Only you may request it until', until])
        return [
          {
            userId: offer.userId,
            kind: 'waitlist_offer' as const,
            title: `Your turn: ${lot.unitNumber || `lot ${lot.lotNumber}`} is free`,
            body: `${label} at ${development} is free again and you are first on its waitlist. Until ${until} only you may request it; after that it goes to the next person in line.`,
            link: lotPageLink(lot),
            summary,
            action: 'Request the lot',
          },
        ]
      })
    )
  } catch (error) {
    logger.error({ err: error, lots: offers.map((offer) => offer.lotId) }, 'waitlist offers could not be notified')
  }
}
