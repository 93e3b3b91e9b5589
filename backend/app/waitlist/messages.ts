export const LOT_NOT_FOUND = 'Lot not found'
export const LOT_AVAILABLE = 'This lot is available. You can request it now.'
export const LOT_SOLD = 'This lot has been sold.'
export const ALREADY_WAITING = "You are already on this lot's waitlist."
export const ALREADY_BOOKED = 'You already have a booking for this lot.'
export const NOT_WAITING = "You are not on this lot's waitlist."
export const LEFT = 'You have left the waitlist.'
