import emitter from '@adonisjs/core/services/emitter'
import { followBooking } from '#portfolio'

/** Who listens to what the modules announce (the events are typed where they are emitted). */
emitter.on('booking:status_changed', followBooking)
