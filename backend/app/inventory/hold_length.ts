import env from '#start/env'

/**
 * A development's hold length (docs/decisions/020-booking-hold-clock.md): how long a new booking
 * holds one of its lots. A development that sets none holds for BOOKING_HOLD_DAYS, 7 days
 * unless configured.
 */
export const DEFAULT_HOLD_DAYS = 7

export function defaultHoldMinutes(): number {
  const days = env.get('BOOKING_HOLD_DAYS') ?? DEFAULT_HOLD_DAYS
  return Math.round(days * 24 * 60)
}
