import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { emailAddress, phoneNumber } from '#core/validation'

export const dataProtectionOfficerValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
  email: emailAddress(),
  phone: phoneNumber(),
})
dataProtectionOfficerValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': "Enter the officer's name or role",
  'name.minLength': "Enter the officer's name or role",
  'name.maxLength': 'At most 120 characters',
  'email.required': "Enter the officer's email address",
  'email.email': 'Please enter a valid email address',
  'email.maxLength': 'Please enter a valid email address',
  'phone.required': "Enter the officer's phone number",
  'phone.maxLength': 'Please enter a valid phone number',
  string: 'The {{ field }} field must be text',
})
