import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { User } from '#identity'
import { isAgentAdmin } from '#core/roles'
import { consentFields, consentMessages } from '#bookings/validators/consent'

/** The packages asked for (docs/prices.md, "Packages"); absent: the best offer for the buyer. */
const packageIds = vine.array(vine.number().withoutDecimals().positive()).maxLength(20).optional()
const packageMessages = {
  'packageIds.array': 'packageIds must be a list of package ids',
  'packageIds.array.maxLength': 'Too many packages',
  'packageIds.*.number': 'packageIds must be package ids',
  'packageIds.*.withoutDecimals': 'packageIds must be package ids',
  'packageIds.*.positive': 'packageIds must be package ids',
}

const contactMessages = {
  'lotId.required': 'Lot information is required for booking',
  'lotId.number': 'Lot information is required for booking',
  'email.required': 'Email is required',
  'email.email': 'Please enter a valid email address',
  'phone.required': 'Phone number is required',
  'requestMessage.maxLength': 'The message must be at most 5000 characters',
  maxLength: 'The {{ field }} field is too long',
  string: 'The {{ field }} field must be text',
  ...consentMessages,
  ...packageMessages,
}

const contactFields = {
  lotId: vine.number().withoutDecimals().positive(),
  name: vine.string().trim().minLength(1).maxLength(120),
  email: vine.string().trim().toLowerCase().maxLength(254).email(),
  phone: vine.string().trim().minLength(1).maxLength(32),
  requestMessage: vine.string().trim().maxLength(5000).nullable().optional(),
  packageIds,
  ...consentFields,
}

/** The booking request form: the name's message depends on who asks (requirements: booking.md#request-form). */
export const memberRequestValidator = vine.create(contactFields)
memberRequestValidator.messagesProvider = new SimpleMessagesProvider({
  ...contactMessages,
  'name.required': 'Full name is required',
  'name.minLength': 'Full name is required',
})

export const agentRequestValidator = vine.create(contactFields)
agentRequestValidator.messagesProvider = new SimpleMessagesProvider({
  ...contactMessages,
  'name.required': 'Agent name is required',
  'name.minLength': 'Agent name is required',
})

/** The booking request form as the asker sees it: an agent admin's names the agent and needs every document. */
export function ownRequestForm(user: User) {
  return isAgentAdmin(user.role)
    ? { validator: agentRequestValidator, documents: 'agent' as const }
    : { validator: memberRequestValidator, documents: 'member' as const }
}

/** User, property, unit or lot, notes (requirements: booking.md#create-booking-for-a-client). */
export const createForClientValidator = vine.create({
  userId: vine.number().withoutDecimals().positive(),
  lotId: vine.number().withoutDecimals().positive().optional().requiredIfMissing('unitId'),
  unitId: vine.number().withoutDecimals().positive().optional(),
  notes: vine.string().trim().maxLength(5000).nullable().optional(),
  packageIds,
  ...consentFields,
})
createForClientValidator.messagesProvider = new SimpleMessagesProvider({
  ...consentMessages,
  ...packageMessages,
  'userId.required': 'Please select a user',
  'userId.number': 'Please select a user',
  'lotId.required': 'Please select a lot',
  'lotId.requiredIfMissing': 'Please select a lot',
  'lotId.number': 'Please select a lot',
  'unitId.number': 'Please select a unit',
  'notes.maxLength': 'Notes must be at most 5000 characters',
})

/** POST /api/bookings/property with `type-{type}-{lot number}` (requirements: booking.md#property-id). */
export const propertyBookingValidator = vine.create({
  propertyId: vine.string().trim().maxLength(60),
  requestMessage: vine.string().trim().maxLength(5000).nullable().optional(),
  contactPhone: vine.string().trim().maxLength(32).nullable().optional(),
  userId: vine.number().withoutDecimals().positive().nullable().optional(),
  packageIds,
  ...consentFields,
})
propertyBookingValidator.messagesProvider = new SimpleMessagesProvider({
  ...consentMessages,
  ...packageMessages,
  'propertyId.required': 'Lot information is required for booking',
  'propertyId.string': 'Lot information is required for booking',
})

export const agentResponseValidator = vine.create({
  action: vine.enum(['approve', 'reject'] as const),
  agentNotes: vine.string().trim().maxLength(5000).nullable().optional(),
})
agentResponseValidator.messagesProvider = new SimpleMessagesProvider({
  'action.required': 'Please select an action (approve or reject)',
  'action.enum': 'Please select an action (approve or reject)',
})

/** The super admin's decision; `approved` and `rejected` are accepted for `booked` and `reject`. */
export const statusUpdateValidator = vine.create({
  status: vine
    .enum(['approved', 'booked', 'sold', 'rejected', 'reject'] as const)
    .transform((status) => (status === 'approved' ? 'booked' : status === 'rejected' ? 'reject' : status)),
  message: vine.string().trim().maxLength(5000).nullable().optional(),
})
statusUpdateValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'Please select an action (booked, sold, or reject)',
  'status.enum': 'Please select an action (booked, sold, or reject)',
})
