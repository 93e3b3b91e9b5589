import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import ExtendHold from '#bookings/actions/extend_hold'
import { extendHoldValidator } from '#bookings/validators/hold'
import { presentBooking } from '#bookings/transformers/booking_transformer'

export default class HoldsController {
  /** The action asks the policy after locking the booking: its agency and status decide the answer. */
  @inject()
  async store({ auth, params, request }: HttpContext, extendHold: ExtendHold) {
    const user = auth.user as User
    const input = await request.validateUsing(extendHoldValidator)
    const booking = await extendHold.handle(user, params.id, input, request.ip())
    return presentBooking(booking.id, user, 'Hold extended.')
  }
}
