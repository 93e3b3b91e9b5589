import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const messages = {
  'reason.maxLength': 'The reason must be at most 1000 characters',
  'declineReason.required': 'Please give the reason for declining the request',
  'declineReason.minLength': 'Please give the reason for declining the request',
  'declineReason.maxLength': 'The reason must be at most 1000 characters',
  'decision.required': 'Choose confirm or decline',
  'decision.in': 'Choose confirm or decline',
  string: 'The {{ field }} field must be text',
}

export const requestAccountDeletionValidator = vine.create({
  reason: vine.string().trim().maxLength(1000).nullable().optional(),
})
requestAccountDeletionValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** The super admin's answer: confirm, or decline with a reason the person is shown. */
export const decideAccountDeletionValidator = vine.create({
  decision: vine.enum(['confirm', 'decline'] as const),
  declineReason: vine.string().trim().minLength(1).maxLength(1000).optional().requiredWhen('decision', '=', 'decline'),
})
decideAccountDeletionValidator.messagesProvider = new SimpleMessagesProvider(messages)
