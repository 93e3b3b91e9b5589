import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** Hold lengths are whole minutes, from one minute to 60 days (docs/decisions/020-booking-hold-clock.md). */
export const MAX_HOLD_MINUTES = 60 * 24 * 60

export const holdMinutes = () => vine.number().withoutDecimals().min(1).max(MAX_HOLD_MINUTES)

export const holdMinuteMessages = {
  number: 'The {{ field }} field must be a number of minutes',
  withoutDecimals: 'The {{ field }} field must be a whole number of minutes',
  min: 'The {{ field }} field must be at least 1 minute',
  max: `The {{ field }} field must be at most ${MAX_HOLD_MINUTES} minutes (60 days)`,
}

/** POST /api/bookings/:id/extend-hold: by how long (at most the development's hold length), and why. */
export const extendHoldValidator = vine.create(
  vine.object({ minutes: holdMinutes(), reason: vine.string().trim().minLength(1).maxLength(1000) })
)
extendHoldValidator.messagesProvider = new SimpleMessagesProvider({
  ...holdMinuteMessages,
  'minutes.required': 'Please choose how long to extend the hold by',
  'reason.required': 'A reason is required to extend a hold',
  'reason.minLength': 'A reason is required to extend a hold',
  'reason.maxLength': 'The reason must be at most 1000 characters',
  string: 'The {{ field }} field must be text',
})
