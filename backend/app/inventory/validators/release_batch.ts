import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'

/** A batch names at most this many lots. */
export const MAX_BATCH_LOTS = 5_000

export const RELEASE_IN_PAST = 'A release batch cannot be scheduled in the past.'
export const RELEASE_AT_FORMAT =
  'Give the release date and time with its zone (ISO 8601), e.g. 2026-12-01T09:00:00+08:00.'

/** With its zone: without one it would be read as the server's. */
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i

/** An ISO 8601 moment with its zone, strictly after now (the request's own time). */
const futureMoment = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  const moment = DateTime.fromISO(value, { setZone: true })
  if (!moment.isValid || !ZONED.test(value)) {
    field.report(RELEASE_AT_FORMAT, 'releaseAt.format', field)
    return
  }
  if (moment <= DateTime.utc()) field.report(RELEASE_IN_PAST, 'releaseAt.future', field)
})

export const createReleaseBatchValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
  releaseAt: vine
    .string()
    .trim()
    .maxLength(40)
    .use(futureMoment())
    .transform((value) => DateTime.fromISO(value, { setZone: true }).toUTC().startOf('second')),
  lotIds: vine.array(vine.number().withoutDecimals().min(1).max(2_147_483_647)).minLength(1).maxLength(MAX_BATCH_LOTS),
})
createReleaseBatchValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'A name is required',
  'name.minLength': 'A name is required',
  'name.maxLength': 'The name must be at most 120 characters',
  'releaseAt.required': 'The release date and time is required',
  'releaseAt.maxLength': RELEASE_AT_FORMAT,
  'lotIds.required': 'Choose at least one lot',
  'lotIds.array': 'lotIds must be a list of lot ids',
  'lotIds.array.minLength': 'Choose at least one lot',
  'lotIds.array.maxLength': `A batch names at most ${MAX_BATCH_LOTS} lots`,
  'lotIds.*.number': 'lotIds must be lot ids',
  'lotIds.*.withoutDecimals': 'lotIds must be lot ids',
  'lotIds.*.min': 'lotIds must be lot ids',
  'lotIds.*.max': 'lotIds must be lot ids',
  string: 'The {{ field }} field must be text',
})
