export {
  default as LotWaitlistEntry,
  WAITLIST_STATUSES,
  type WaitlistStatus,
} from '#waitlist/models/lot_waitlist_entry'
export { claimWaitlistedLot } from '#waitlist/actions/claim_offer'
export { lineFollowsLot } from '#waitlist/actions/offer_next'
export { default as ExpireOffers, passExpiredOfferOf, type PassedOffer } from '#waitlist/actions/expire_offers'
export { waitlistFigures, NO_WAITLIST, type WaitlistFigures } from '#waitlist/queries/lot_figures'
export { defaultWaitlistMinutes, waitlistMinutesOf, DEFAULT_WAITLIST_MINUTES } from '#waitlist/window'
export { type WaitlistLotMessage } from '#waitlist/live'
export { heldUntilText, lotPageLink, type WaitlistOffered } from '#waitlist/notices'
