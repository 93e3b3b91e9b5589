import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** Name, email, phone and message are all required (requirements: public-site.md#contact-form). */
export const contactMessageValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
  email: vine.string().trim().toLowerCase().maxLength(254).email(),
  phone: vine.string().trim().minLength(1).maxLength(32),
  message: vine.string().trim().minLength(1).maxLength(5000),
})
contactMessageValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.minLength': 'Name is required',
  'email.required': 'Email is required',
  'email.email': 'Please enter a valid email address',
  'phone.required': 'Phone number is required',
  'phone.minLength': 'Phone number is required',
  'message.required': 'Message is required',
  'message.minLength': 'Message is required',
  'message.maxLength': 'Your message must be at most 5000 characters',
  maxLength: 'The {{ field }} field is too long',
  string: 'The {{ field }} field must be text',
})

export const updateContactMessageValidator = vine.create({
  status: vine.enum(['new', 'read'] as const),
})
