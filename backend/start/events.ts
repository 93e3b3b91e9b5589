import emitter from '@adonisjs/core/services/emitter'
import { followBooking } from '#portfolio'
import { closeAgencyRequests } from '#bookings'
import { announceBookingLotChange, dropPublicLotReads } from '#inventory'
import { broadcastBookingChange, broadcastLotChange } from '#core/live'

/** Who listens to what the modules announce (each event is typed where it is emitted). */
emitter.on('booking:status_changed', followBooking)
emitter.on('booking:status_changed', announceBookingLotChange)
emitter.on('booking:status_changed', broadcastBookingChange)
emitter.on('lot:status_changed', dropPublicLotReads)
emitter.on('lot:status_changed', broadcastLotChange)
emitter.on('agency:deleted', closeAgencyRequests)
