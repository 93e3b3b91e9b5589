import type ContactMessage from '#contact/models/contact_message'

export function serializeContactMessage(message: ContactMessage) {
  return {
    id: message.id,
    _id: message.id,
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
    status: message.status,
    readAt: message.readAt?.toISO() ?? null,
    createdAt: message.createdAt?.toISO() ?? null,
  }
}

export type ContactMessageResource = ReturnType<typeof serializeContactMessage>
