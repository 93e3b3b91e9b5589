import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/**
 * Both forms of the request (requirements: api.md#membership-endpoints). An empty key arrives as null, which
 * the action tells from absent; status and createdAt are the server's and dropped.
 */
export const requestMembershipValidator = vine.create({
  agencyId: vine.number().withoutDecimals().positive().nullable().optional(),
  agencyName: vine.string().trim().maxLength(150).nullable().optional(),
  position: vine.string().trim().minLength(1).maxLength(100).nullable().optional(),
  message: vine.string().trim().maxLength(2000).nullable().optional(),
  requestMessage: vine.string().trim().minLength(1).maxLength(2000).nullable().optional(),
  userId: vine.number().withoutDecimals().positive().nullable().optional(),
})
requestMembershipValidator.messagesProvider = new SimpleMessagesProvider({
  'agencyId.number': 'Please select an agency',
  'agencyId.withoutDecimals': 'Please select an agency',
  'agencyId.positive': 'Please select an agency',
  'position.minLength': 'Your position is required',
  'position.maxLength': 'Position must be at most 100 characters',
  'message.maxLength': 'Message must be at most 2000 characters',
  'requestMessage.minLength': 'Please enter a message',
  'requestMessage.maxLength': 'Message must be at most 2000 characters',
  'userId.number': 'User ID not found. Please log in again.',
  'userId.withoutDecimals': 'User ID not found. Please log in again.',
  'userId.positive': 'User ID not found. Please log in again.',
  string: 'The {{ field }} field must be text',
})

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const

export const listMembershipRequestsValidator = vine.create({
  status: vine.enum([...REQUEST_STATUSES, 'all'] as const).optional(),
  agencyId: vine.number().withoutDecimals().positive().optional(),
})
listMembershipRequestsValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum': 'status must be one of pending, approved, rejected, withdrawn or all',
  'agencyId.number': 'agencyId must be a number',
})

export const decideMembershipRequestValidator = vine.create({
  notes: vine.string().trim().maxLength(2000).nullable().optional(),
})
