import vine from '@vinejs/vine'
import { MAX_ID } from '#core/listing'
import { AUDIT_SUBJECT_TYPES } from '#audit/services/audit_trail'

/** A day (`2025-01-31`, a day on the development's clock) or an instant (ISO 8601). */
const dayOrInstant = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/)

const id = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

/** The list's and the export's `filter` (ra-data-simple-rest's JSON object). */
export const auditFilterValidator = vine.create({
  actorId: id().optional(),
  actor: vine.string().trim().maxLength(254).optional(),
  action: vine.string().trim().maxLength(64).optional(),
  subjectType: vine.enum(AUDIT_SUBJECT_TYPES).optional(),
  subjectId: id().optional(),
  from: dayOrInstant().optional(),
  to: dayOrInstant().optional(),
  q: vine.string().trim().maxLength(200).optional(),
})
