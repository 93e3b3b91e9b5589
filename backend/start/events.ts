import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { dispatchOutboxWith, onOutbox, outboxDispatched } from '#core/outbox'
import DeliverOutbox from '#core/jobs/deliver_outbox'
import { closeAgencyRequests } from '#bookings'
import {
  notifyBookingChange,
  notifyDocumentChange,
  notifyHoldReminder,
  notifyMembershipDecided,
  notifyMembershipRequested,
  notifyWaitlistOffers,
} from '#notifications'
import { announceBookingLotChange, dropPublicLotReads, followCacheBus } from '#inventory'
import { broadcastBookingChange, broadcastLotChange, closeRelayedStreams, endLiveAccess } from '#core/live'

/**
 * Who listens to what the modules announce (each event is typed where it is emitted). A booking's
 * transition waits for its listeners before it answers: they are the cheap live ones; its
 * notifications come from the outbox (below), the portfolio follows it in its transaction (start/ports.ts).
 */
emitter.on('booking:status_changed', announceBookingLotChange)
emitter.on('booking:status_changed', broadcastBookingChange)
// An extended hold's new deadline reaches the same watchers as a transition (they refetch).
emitter.on('booking:hold_extended', (extended) =>
  broadcastBookingChange({ ...extended, action: 'extend_hold', from: extended.status, to: extended.status })
)
// A document's review or re-upload too (`document_review`, `document_upload`; the status unchanged).
emitter.on('booking:document_changed', (changed) =>
  broadcastBookingChange({
    ...changed,
    action: changed.change === 'review' ? 'document_review' : 'document_upload',
    from: changed.status,
    to: changed.status,
  })
)
onOutbox('booking:document_changed', notifyDocumentChange)
// The shared reads go, on every instance, before the watchers are told: a gateway told
// reads the change at once from whichever instance it asks.
emitter.on('lot:status_changed', async (change) => {
  await dropPublicLotReads()
  broadcastLotChange(change)
})
// Another process dropped the shared reads (config/cache.ts): a read this one is making is not kept.
emitter.on('bus:message:received', followCacheBus)
// Someone's access ended (a sign-out, a role or agency change, a deleted account): their live
// channels close here and, through the Redis transport, on every other instance.
emitter.on('user:access_ended', endLiveAccess)
emitter.on('live:relayed', closeRelayedStreams)
emitter.on('agency:deleted', closeAgencyRequests)
// Everyone concerned hears what happened: the bell, live, and the queued email (docs/notifications.md),
// through the outbox: written in the change's transaction and delivered by a job after it (#core/outbox).
onOutbox('booking:status_changed', notifyBookingChange)
dispatchOutboxWith(async (id) => {
  await DeliverOutbox.dispatch({ id })
})
// A shutdown lets the deliveries being dispatched reach the queue (the sweep would find them a minute later).
app.terminating(() => outboxDispatched())
onOutbox('booking:hold_reminder', notifyHoldReminder)
onOutbox('membership:requested', notifyMembershipRequested)
onOutbox('membership:decided', notifyMembershipDecided)
onOutbox('waitlist:offered', notifyWaitlistOffers)
