/** The contact module's public face. */
export { default as ContactMessage } from '#contact/models/contact_message'
export { countNewContactMessages } from '#contact/queries/counts'
