import type { ModuleDocs } from '#core/openapi/types'
import { contactMessageValidator, updateContactMessageValidator } from '#contact/validators/contact_message'
import { CONTACT_SUCCESS } from '#contact/actions/submit_contact_message'

/** The contact module's routes in the API reference (/api/docs). */
export default {
  tag: 'Contact',
  description: "The public contact form and the super admin's inbox of its messages.",
  operations: {
    'POST /api/contact': {
      summary: 'Send a message (public contact form)',
      description: 'At most 5 messages per 10 minutes from one address. Answers `{ message, id }`.',
      body: contactMessageValidator,
      responses: {
        201: CONTACT_SUCCESS,
        429: 'Too many messages from your connection. Please try again in a few minutes. (`Retry-After` says when.)',
      },
    },
    'GET /api/contact-messages': {
      summary: 'List contact messages',
      admits: 'super_admin',
      list: {
        resource: 'contact-messages',
        sort: ['id', 'createdAt', 'status', 'name'],
        defaultSort: ['createdAt', 'DESC'],
        filter: { status: '`new` or `read`', q: 'searches name and email' },
      },
    },
    'GET /api/contact-messages/:id': {
      summary: 'One contact message',
      admits: 'super_admin',
      responses: { 404: 'Message not found' },
    },
    'PUT /api/contact-messages/:id': {
      summary: 'Mark a message read or new',
      admits: 'super_admin',
      body: updateContactMessageValidator,
      responses: { 404: 'Message not found' },
    },
  },
} satisfies ModuleDocs
