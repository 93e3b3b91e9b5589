import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const bumiputeraQuotaValidator = vine.create(
  vine.object({ quotaPercent: vine.number().withoutDecimals().min(0).max(100).nullable() })
)

bumiputeraQuotaValidator.messagesProvider = new SimpleMessagesProvider({
  'quotaPercent.required': 'The Bumiputera quota is required (null for none)',
  number: 'The Bumiputera quota must be a percentage from 0 to 100',
  withoutDecimals: 'The Bumiputera quota must be a whole percentage',
  min: 'The Bumiputera quota cannot be below 0%',
  max: 'The Bumiputera quota cannot be above 100%',
})

/** A quota lot and its release: the release's three fields are given together or not at all (the controller checks). */
export const lotBumiputeraValidator = vine.create(
  vine.object({
    isBumiputeraLot: vine.boolean({ strict: true }),
    // Read as an ISO 8601 moment by the controller, which refuses one in the future.
    releasedAt: vine.string().trim().maxLength(40).nullable().optional(),
    releaseAuthority: vine.string().trim().minLength(1).maxLength(160).nullable().optional(),
    releaseReference: vine.string().trim().minLength(1).maxLength(120).nullable().optional(),
  })
)

lotBumiputeraValidator.messagesProvider = new SimpleMessagesProvider({
  'isBumiputeraLot.required': 'Say whether the lot is a Bumiputera quota lot',
  'isBumiputeraLot.boolean': 'isBumiputeraLot must be true or false',
  'releaseAuthority.minLength': 'The releasing authority is required',
  'releaseAuthority.maxLength': 'The releasing authority must be at most 160 characters',
  'releaseReference.minLength': 'The release reference is required',
  'releaseReference.maxLength': 'The release reference must be at most 120 characters',
  'releasedAt.maxLength': 'The release date must be a date and time (ISO 8601)',
  string: 'The {{ field }} must be text',
})
