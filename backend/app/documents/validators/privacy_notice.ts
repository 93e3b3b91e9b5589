import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const updatePrivacyNoticeValidator = vine.create({
  body: vine.string().trim().minLength(20).maxLength(10_000),
})
updatePrivacyNoticeValidator.messagesProvider = new SimpleMessagesProvider({
  'body.required': 'The notice text is required',
  'body.minLength': 'The notice text must be at least 20 characters',
  'body.maxLength': 'The notice text must be at most 10000 characters',
})
