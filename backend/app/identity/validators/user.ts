import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { emailAddress, phoneNumber } from '#core/validation'
import { ROLES } from '#core/roles'

/** Messages are the required texts (requirements: account.md#registration). */
const accountMessages = {
  'name.required': 'Name is required',
  'name.minLength': 'Name must be at least 2 characters',
  'name.maxLength': 'Name must be at most 120 characters',
  'email.required': 'Email is required',
  'email.email': 'Email is invalid',
  'email.maxLength': 'Email is invalid',
  'email.database.unique': 'An account with this email already exists.',
  'password.required': 'Password is required',
  'password.minLength': 'Password must be at least 6 characters',
  'password.maxLength': 'Password must be at most 128 characters',
  'confirmPassword.sameAs': 'Passwords do not match',
  'address.maxLength': 'Address must be at most 500 characters',
  string: 'The {{ field }} field must be text',
}

export const registerValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: emailAddress().unique({ table: 'users', column: 'email' }),
  password: vine.string().minLength(6).maxLength(128),
  confirmPassword: vine.string().sameAs('password').optional(),
  phone: phoneNumber().optional(),
  address: vine.string().trim().maxLength(500).optional(),
})
registerValidator.messagesProvider = new SimpleMessagesProvider(accountMessages)

/** Login checks only the shape; a wrong email or password is 'Invalid credentials'. */
export const loginValidator = vine.create({
  email: vine.string().trim().toLowerCase().maxLength(254),
  password: vine.string().maxLength(128),
})
loginValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Email is required',
  'password.required': 'Password is required',
  string: 'Invalid login credentials format',
  maxLength: 'Invalid credentials. Please try again.',
})

export const updateProfileValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: vine.string().trim().toLowerCase().optional(),
  phone: phoneNumber().nullable().optional(),
  address: vine.string().trim().maxLength(500).nullable().optional(),
})
updateProfileValidator.messagesProvider = new SimpleMessagesProvider(accountMessages)

export const changePasswordValidator = vine.create({
  currentPassword: vine.string().maxLength(128),
  newPassword: vine.string().minLength(6).maxLength(128),
  confirmPassword: vine.string().sameAs('newPassword').optional(),
  /** With two-step sign-in on: a code from the app or a recovery code. */
  code: vine
    .string()
    .trim()
    .regex(/^\d{3}\s?\d{3}$/)
    .optional(),
  recoveryCode: vine.string().trim().minLength(1).maxLength(40).optional(),
})
changePasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'currentPassword.required': 'Current password is required',
  'newPassword.required': 'New password is required',
  'newPassword.minLength': 'New password must be at least 6 characters long',
  'newPassword.maxLength': 'New password must be at most 128 characters',
  'confirmPassword.sameAs': 'New passwords do not match',
  'code.regex': 'Enter the 6-digit code from your authenticator app',
  'recoveryCode.maxLength': 'Invalid code. Please try again.',
  string: 'The {{ field }} field must be text',
})

/** The users screen names one message for any missing field (requirements: super-admin.md#users-management). */
const REQUIRED_FIELDS = 'Name, email and password are required fields'

const managedUserMessages = {
  ...accountMessages,
  'role.enum': 'Please select a valid role',
  'agencyId.number': 'Please select a valid agency',
  'agencyId.positive': 'Please select a valid agency',
  'agencyId.withoutDecimals': 'Please select a valid agency',
  'agencyId.database.exists': 'The selected agency does not exist',
}

export const createUserValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: emailAddress().unique({ table: 'users', column: 'email' }),
  password: vine.string().minLength(6).maxLength(128),
  role: vine.enum(ROLES).optional(),
  agencyId: vine
    .number()
    .withoutDecimals()
    .positive()
    .exists({ table: 'agencies', column: 'id' })
    .nullable()
    .optional(),
  phone: phoneNumber().nullable().optional(),
  address: vine.string().trim().maxLength(500).nullable().optional(),
})
createUserValidator.messagesProvider = new SimpleMessagesProvider({
  ...managedUserMessages,
  'name.required': REQUIRED_FIELDS,
  'email.required': REQUIRED_FIELDS,
  'password.required': REQUIRED_FIELDS,
})

export const updateUserValidator = vine.withMetaData<{ userId: number }>().create({
  name: vine.string().trim().minLength(2).maxLength(120),
  email: emailAddress().unique({
    table: 'users',
    column: 'email',
    filter: (query, _value, field) => {
      query.whereNot('id', field.meta.userId)
    },
  }),
  role: vine.enum(ROLES).optional(),
  agencyId: vine
    .number()
    .withoutDecimals()
    .positive()
    .exists({ table: 'agencies', column: 'id' })
    .nullable()
    .optional(),
  phone: phoneNumber().nullable().optional(),
  address: vine.string().trim().maxLength(500).nullable().optional(),
})
updateUserValidator.messagesProvider = new SimpleMessagesProvider(managedUserMessages)

/** The create-booking form's client lookup: one person named by their exact email. */
export const clientLookupValidator = vine.create({
  identifier: emailAddress(),
})
clientLookupValidator.messagesProvider = new SimpleMessagesProvider({
  'identifier.required': "Enter the client's full email address",
  'identifier.email': "Enter the client's full email address",
  'identifier.maxLength': "Enter the client's full email address",
  string: "Enter the client's full email address",
})
