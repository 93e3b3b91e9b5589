import { BUMIPUTERA_LOT_TEXTS } from '~/utils/bumiputera'

/**
 * The mark of a Bumiputera quota lot whose release is not recorded: only a verified Bumiputera
 * buyer may book it, so the lists say so before anyone fills a booking form.
 */
export function BumiputeraLotTag({ lot }: { lot: { bumiputeraReserved?: boolean } }) {
  if (!lot.bumiputeraReserved) return null
  return <span className="bumi-tag">{BUMIPUTERA_LOT_TEXTS.tag}</span>
}
