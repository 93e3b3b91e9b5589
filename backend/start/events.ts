import emitter from '@adonisjs/core/services/emitter'
import { followBooking } from '#portfolio'
import { closeAgencyRequests } from '#bookings'

/** Who listens to what the modules announce (each event is typed where it is emitted). */
emitter.on('booking:status_changed', followBooking)
emitter.on('agency:deleted', closeAgencyRequests)
