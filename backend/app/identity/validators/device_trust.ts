import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const deviceLinkRequestValidator = vine.create({
  email: vine.string().trim().toLowerCase().maxLength(254),
})
deviceLinkRequestValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Email is required',
  string: 'Email is invalid',
  maxLength: 'Email is invalid',
})

export const deviceLinkConfirmValidator = vine.create({
  token: vine.string().trim().maxLength(200),
})
deviceLinkConfirmValidator.messagesProvider = new SimpleMessagesProvider({
  'token.required': 'This link is incomplete. Open the link from the email again.',
  string: 'This link is incomplete. Open the link from the email again.',
  maxLength: 'This link is not valid. Ask for a new one from the login page.',
})
