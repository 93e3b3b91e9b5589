/** The bookings module's public face. */
export { default as Booking } from '#bookings/models/booking'
export { activeBookingIdForLot, activeBookingIdsForLots } from '#bookings/queries/active_bookings'
export { TRANSITIONS, allowedActions, takeTransition, type BookingStatusChanged } from '#bookings/workflow'
export { default as ExpireHolds, DEFAULT_HOLD_DAYS } from '#bookings/actions/expire_holds'
export { serializeBooking, type BookingResource } from '#bookings/transformers/booking_transformer'
export { BOOKING_STATUSES, HOLDING_STATUSES, PENDING_STATUSES, type BookingStatus } from '#bookings/statuses'
export { bookingCounts, type BookingCounts } from '#bookings/queries/counts'
export { lotsOwnedBy, bookingStatuses, OWNING_STATUSES, type OwnedLot } from '#bookings/queries/owned_lots'
