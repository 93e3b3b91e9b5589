import vine from '@vinejs/vine'
import { MAX_ID } from '#core/listing'
import { ACCESS_ACTIONS, ACCESSED_DOCUMENT_TYPES } from '#documents/models/document_access'

/** A day (`2025-01-31`, a day on the development's clock) or an instant (ISO 8601). */
const dayOrInstant = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/)

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

export const documentAccessFilterValidator = vine.create({
  bookingId: id().optional(),
  userId: id().optional(),
  user: vine.string().trim().maxLength(254).optional(),
  documentType: vine.enum(ACCESSED_DOCUMENT_TYPES).optional(),
  action: vine.enum(ACCESS_ACTIONS).optional(),
  from: dayOrInstant().optional(),
  to: dayOrInstant().optional(),
})
