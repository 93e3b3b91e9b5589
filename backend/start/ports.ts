import { answerLineFigures, answerLotHolders, onLotStatusSet } from '#inventory'
import { activeBookingIdsForLots, addBookingPart, answerDocuments, onHoldClock, onWorkflow } from '#bookings'
import { documentPart, documentsForBookings, refuseWhileDocumentsBlock } from '#documents'
import { feePart } from '#fees'
import { ExpireOffers, claimWaitlistedLot, lineFollowsLot, passExpiredOfferOf, waitlistFigures } from '#waitlist'
import { followBooking } from '#portfolio'

/**
 * The ports the modules declare for each other, filled at boot: a module built on another
 * takes part in its steps here, so neither imports the other both ways (docs/decisions/019-module-ports.md).
 */

// The booking workflow (#bookings/ports): steps inside a transition's transaction, by name.
onWorkflow('beforeRequest', 'waitlist', (lotId) => passExpiredOfferOf(lotId))
onWorkflow('lotClaimed', 'waitlist', (trx, lot, bookedFor) => claimWaitlistedLot(trx, lot, bookedFor))
onWorkflow('beforeMove', 'documents', refuseWhileDocumentsBlock)
onWorkflow('lotStatusSet', 'waitlist', (trx, lotId, status) => lineFollowsLot(trx, lotId, status))
onWorkflow('statusChanged', 'portfolio', (trx, event) => followBooking(event, trx))
onHoldClock('waitlist', (now) => new ExpireOffers().handle(now))
// What the screens and the personal-data export read of a booking besides its own fields.
addBookingPart('fees', feePart)
addBookingPart('documents', documentPart)
// A booking form's documents and consent; a person's documents when their account goes or their data is exported.
answerDocuments(documentsForBookings)

// The inventory (#inventory/ports): who holds a lot, its line's figures, a staff edit's status change.
answerLotHolders(activeBookingIdsForLots)
answerLineFigures((lotIds) => waitlistFigures(lotIds))
onLotStatusSet('waitlist', (trx, lotId, status) => lineFollowsLot(trx, lotId, status))
