import env from '#start/env'

/**
 * A development that sets no hold length holds for BOOKING_HOLD_DAYS
 * (docs/decisions/020-booking-hold-clock.md).
 */
export const DEFAULT_HOLD_DAYS = 7

export function defaultHoldMinutes(): number {
  const days = env.get('BOOKING_HOLD_DAYS') ?? DEFAULT_HOLD_DAYS
  return Math.round(days * 24 * 60)
}
