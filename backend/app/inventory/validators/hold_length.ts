import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** Hold lengths are whole minutes, from one minute to 60 days (docs/decisions/020-booking-hold-clock.md). */
export const MAX_HOLD_MINUTES = 60 * 24 * 60

export const holdLengthValidator = vine.create(
  vine.object({ holdMinutes: vine.number().withoutDecimals().min(1).max(MAX_HOLD_MINUTES).nullable() })
)

holdLengthValidator.messagesProvider = new SimpleMessagesProvider({
  'holdMinutes.required': 'The hold length is required',
  number: 'The hold length must be a number of minutes',
  withoutDecimals: 'The hold length must be a whole number of minutes',
  min: 'The hold length must be at least 1 minute',
  max: `The hold length must be at most ${MAX_HOLD_MINUTES} minutes (60 days)`,
})
