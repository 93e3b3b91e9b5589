import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** At most 60 days: a target longer than any hold would never flag anything. */
export const MAX_TARGET_MINUTES = 60 * 24 * 60

const target = () => vine.number().withoutDecimals().min(1).max(MAX_TARGET_MINUTES)

export const timeLimitsValidator = vine.create(
  vine.object({ agentTargetMinutes: target(), developerTargetMinutes: target() })
)

timeLimitsValidator.messagesProvider = new SimpleMessagesProvider({
  'agentTargetMinutes.required': "The agent admin's target time is required",
  'developerTargetMinutes.required': "The developer's target time is required",
  number: 'The {{ field }} field must be a number of minutes',
  withoutDecimals: 'The {{ field }} field must be a whole number of minutes',
  min: 'The {{ field }} field must be at least 1 minute',
  max: `The {{ field }} field must be at most ${MAX_TARGET_MINUTES} minutes (60 days)`,
})
