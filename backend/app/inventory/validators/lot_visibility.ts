import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const lotVisibilityValidator = vine.create(vine.object({ showUnreleasedLots: vine.boolean() }))

lotVisibilityValidator.messagesProvider = new SimpleMessagesProvider({
  'showUnreleasedLots.required': 'Choose whether lots not yet released are shown',
  'showUnreleasedLots.boolean': 'showUnreleasedLots must be true or false',
})
