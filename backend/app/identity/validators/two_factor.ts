import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const messages = {
  'challenge.required': 'Your sign-in has expired. Please enter your email and password again.',
  'code.required': 'Enter the 6-digit code from your authenticator app',
  'code.regex': 'Enter the 6-digit code from your authenticator app',
  'recoveryCode.maxLength': 'Invalid code. Please try again.',
  'password.required': 'Enter your current password to confirm.',
  string: 'The {{ field }} field must be text',
}

const totpCode = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{3}\s?\d{3}$/)

/** The sign-in's code step: the password step's challenge and a code from the app or a recovery code. */
export const secondStepValidator = vine.create({
  challenge: vine.string().maxLength(2000),
  code: totpCode().optional().requiredIfMissing('recoveryCode'),
  recoveryCode: vine.string().trim().minLength(1).maxLength(40).optional(),
})
secondStepValidator.messagesProvider = new SimpleMessagesProvider(messages)

export const confirmTwoFactorValidator = vine.create({ code: totpCode() })
confirmTwoFactorValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** The password, and a code or recovery code when two-step sign-in is on (owner_proof.ts decides). */
export const proveOwnerValidator = vine.create({
  password: vine.string().maxLength(128),
  code: totpCode().optional(),
  recoveryCode: vine.string().trim().minLength(1).maxLength(40).optional(),
})
proveOwnerValidator.messagesProvider = new SimpleMessagesProvider(messages)
