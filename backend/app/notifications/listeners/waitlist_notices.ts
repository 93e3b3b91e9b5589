import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Lot, priceInForce } from '#inventory'
import { heldUntilText, lotPageLink, type WaitlistOffered } from '#waitlist'
import { recordNotices, sendNotices, type Notice } from '#notifications/actions/notify'
import { ringgit } from '#notifications/listeners/booking_notices'

/** The first in line is told the lot is theirs to request, and until when. */
export async function waitlistOfferNotices(
  event: WaitlistOffered,
  client?: TransactionClientContract
): Promise<Notice[]> {
  if (event.offers.length === 0) return []
  const lots = new Map(
    (
      await Lot.query({ client })
        .whereIn(
          'id',
          event.offers.map((offer) => offer.lotId)
        )
        .preload('development')
    ).map((lot) => [lot.id, lot])
  )
  // The price in force now (a price list's, else the lot's own): what the request would be made at.
  const prices = new Map<number, number | null>()
  for (const lot of lots.values()) prices.set(lot.id, await priceInForce(lot, client))
  return event.offers.flatMap((offer) => {
    const lot = lots.get(offer.lotId)
    if (!lot) return []
    const priceSen = prices.get(lot.id) ?? null
    const label = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`
    const development = lot.development?.name ?? 'the development'
    const until = heldUntilText(DateTime.fromISO(offer.offerExpiresAt, { zone: 'utc' }))
    const summary: Array<[string, string]> = [
      ['Lot', label],
      ['Development', development],
    ]
    if (priceSen) summary.push(['Price', ringgit(priceSen)])
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
}

/** The outbox's delivery: the rows in its transaction, the emails and pushes after it. */
export async function notifyWaitlistOffers(event: WaitlistOffered, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await waitlistOfferNotices(event, trx))
  return () => sendNotices(recorded)
}
