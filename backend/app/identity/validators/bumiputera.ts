import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const bumiputeraDecisionValidator = vine.create(
  vine.object({ status: vine.enum(['verified', 'rejected'] as const) })
)

bumiputeraDecisionValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'The decision is required',
  'status.enum': "The decision must be 'verified' or 'rejected'",
})
