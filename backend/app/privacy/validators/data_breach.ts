import { DateTime } from 'luxon'
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { emailAddress } from '#core/validation'
import { BREACH_DATA_KINDS, BREACH_STATUSES } from '#privacy/models/data_breach'

/** Clocks of two machines disagree a little; a time "now" on the browser's may be seconds ahead. */
const CLOCK_SKEW_MINUTES = 5

/** An ISO 8601 date and time (`2026-03-01T09:30:00Z`, or with an offset), not in the future. */
const pastDateTimeRule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  const at = DateTime.fromISO(value, { setZone: true })
  if (!at.isValid) {
    field.report('Enter a date and time', 'dateTime', field)
    return
  }
  if (at > DateTime.now().plus({ minutes: CLOCK_SKEW_MINUTES })) {
    field.report('The {{ field }} cannot be in the future', 'pastDateTime', field)
  }
})

const pastDateTime = () =>
  vine
    .string()
    .trim()
    .use(pastDateTimeRule())
    .transform((value) => DateTime.fromISO(value, { setZone: true }).toUTC())

const messages = {
  required: 'The {{ field }} field is required',
  string: 'The {{ field }} field must be text',
  'discoveredAt.required': 'Enter when the breach was found',
  'description.required': 'Describe what happened',
  'description.minLength': 'Describe what happened',
  'description.maxLength': 'The description must be at most 5000 characters',
  'affectedPeople.required': 'Say whose data it was',
  'affectedPeople.minLength': 'Say whose data it was',
  'affectedPeople.maxLength': 'At most 500 characters',
  'dataKinds.required': 'Choose at least one kind of data',
  'dataKinds.array': 'Choose at least one kind of data',
  'dataKinds.minLength': 'Choose at least one kind of data',
  'dataKinds.*.enum': 'Unknown kind of data',
  'affectedCount.required': 'Enter how many people are affected',
  'affectedCount.number': 'Enter how many people are affected, as a whole number',
  'affectedCount.withoutDecimals': 'Enter how many people are affected, as a whole number',
  'affectedCount.min': 'The number of people cannot be negative',
  'affectedCount.max': 'At most 100000000 people',
  'commissionerReference.maxLength': 'The reference must be at most 100 characters',
  'status.enum': 'The status must be open or closed',
  'breachId.required': 'Choose the breach the notice is about',
  'breachId.number': 'Choose the breach the notice is about',
  'subject.required': 'Enter the subject of the notice',
  'subject.minLength': 'Enter the subject of the notice',
  'subject.maxLength': 'The subject must be at most 200 characters',
  'body.required': 'Enter the text of the notice',
  'body.minLength': 'Enter the text of the notice',
  'body.maxLength': 'The text must be at most 10000 characters',
  'recipients.required': 'Enter the email address of at least one person',
  'recipients.array': 'Enter the email address of at least one person',
  'recipients.minLength': 'Enter the email address of at least one person',
  'recipients.maxLength': 'At most 5000 people per notice',
  'recipients.*.email': 'Not an email address',
  'recipients.*.maxLength': 'Not an email address',
}

const incident = {
  discoveredAt: pastDateTime(),
  description: vine.string().trim().minLength(1).maxLength(5000),
  affectedPeople: vine.string().trim().minLength(1).maxLength(500),
  dataKinds: vine.array(vine.enum(BREACH_DATA_KINDS)).minLength(1).distinct(),
  affectedCount: vine.number().withoutDecimals().min(0).max(100_000_000),
}

export const recordDataBreachValidator = vine.create(incident)
recordDataBreachValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** null clears a mistaken notification entry; fields left out stay. */
export const updateDataBreachValidator = vine.create({
  discoveredAt: incident.discoveredAt.optional(),
  description: incident.description.optional(),
  affectedPeople: incident.affectedPeople.optional(),
  dataKinds: incident.dataKinds.optional(),
  affectedCount: incident.affectedCount.optional(),
  commissionerNotifiedAt: pastDateTime().nullable().optional(),
  commissionerReference: vine.string().trim().maxLength(100).nullable().optional(),
  status: vine.enum(BREACH_STATUSES).optional(),
})
updateDataBreachValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** A notice to the affected people, emailed through the product's own mail. */
export const sendBreachNoticeValidator = vine.create({
  breachId: vine.number().withoutDecimals().positive(),
  subject: vine.string().trim().minLength(1).maxLength(200),
  body: vine.string().trim().minLength(1).maxLength(10_000),
  recipients: vine.array(emailAddress()).minLength(1).maxLength(5000),
})
sendBreachNoticeValidator.messagesProvider = new SimpleMessagesProvider(messages)
