import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { BUMIPUTERA_KINDS } from '#identity'

export const KIND_REQUIRED = 'Choose whether you declare as an individual or a company.'

/** The declaration's field besides its `evidence` files (checked by content in bumiputera_evidence.ts). */
export const bumiputeraDeclarationValidator = vine.create(vine.object({ kind: vine.enum(BUMIPUTERA_KINDS) }))

bumiputeraDeclarationValidator.messagesProvider = new SimpleMessagesProvider({
  'kind.required': KIND_REQUIRED,
  'kind.enum': KIND_REQUIRED,
})
