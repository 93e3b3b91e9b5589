import type { User } from '#identity'
import type Booking from '#bookings/models/booking'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import { maskEmail, maskPhone } from '#core/masking'
import { serializeBooking } from '#bookings/transformers/booking_transformer'

/**
 * The person is recognisable, their email and phone partly masked (docs/privacy.md, "Disclosure"); the
 * details screen shows the full values to the roles allowed, and the viewer's own bookings are never masked.
 */
export function serializeListedBooking(booking: Booking, viewer: User) {
  const resource = serializeBooking(booking, viewer)
  const own = booking.userId === viewer.id || booking.createdById === viewer.id
  if (own || !(isAgentAdmin(viewer.role) || isSuperAdmin(viewer.role))) return resource
  return {
    ...resource,
    creatorEmail: maskEmail(resource.creatorEmail),
    creatorPhone: maskPhone(resource.creatorPhone),
    contactPhone: maskPhone(resource.contactPhone),
    user: resource.user
      ? { ...resource.user, email: maskEmail(resource.user.email) ?? '', phone: maskPhone(resource.user.phone) }
      : null,
    contactsMasked: true,
  }
}

export type ListedBookingResource = ReturnType<typeof serializeListedBooking>
