import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import ContactMessage from '#contact/models/contact_message'

export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.'

export type ContactInput = { name: string; email: string; phone: string; message: string }

/**
 * Keeps the message first (the backoffice lists it), then emails the company. A mail
 * failure is logged, never lost: the stored message is the record.
 */
export default class SubmitContactMessage {
  async handle(input: ContactInput, ip: string | null) {
    const stored = await ContactMessage.create({ ...input, ip, status: 'new' })
    const to = env.get('CONTACT_EMAIL') ?? 'sales@aero-demo.my'
    try {
      await mail.send((message) => {
        message
          .to(to)
          .replyTo(input.email, input.name)
          .subject(`Website enquiry from ${input.name}`)
          .text(
            [
              `Name: ${input.name}`,
              `Email: ${input.email}`,
              `Phone: ${input.phone}`,
              '',
              input.message,
              '',
              `Message #${stored.id}, received ${stored.createdAt.toUTC().toISO()}`,
            ].join('\n')
          )
      })
    } catch (error) {
      logger.error(
        { err: error, contactMessageId: stored.id },
        'contact message stored but the email could not be sent'
      )
    }
    return stored
  }
}
