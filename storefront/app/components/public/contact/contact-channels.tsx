import type { SiteContact } from '~/models/contact.server'

/** wa.me link that opens a WhatsApp chat with a first line already written. */
export function whatsappHref(contact: SiteContact, text: string): string {
  return `https://wa.me/${contact.whatsapp}?text=${encodeURIComponent(text)}`
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** WhatsApp, email and call: the three ways to reach the sales team. */
export function ContactChannels({ contact, subject }: { contact: SiteContact; subject: string }) {
  return (
    <ul className="channels">
      <li>
        <a
          className="channel channel--whatsapp"
          href={whatsappHref(contact, `Hello, I would like to know more about ${subject}.`)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ChannelIcon kind="whatsapp" />
          <span>
            <strong>WhatsApp</strong>
            <span className="channel__detail">Chat with us (opens WhatsApp)</span>
          </span>
        </a>
      </li>
      <li>
        <a
          className="channel channel--email"
          href={`mailto:${contact.email}?subject=${encodeURIComponent(`Enquiry: ${subject}`)}`}
        >
          <ChannelIcon kind="email" />
          <span>
            <strong>Email</strong>
            <span className="channel__detail">{contact.email}</span>
          </span>
        </a>
      </li>
      <li>
        <a className="channel channel--call" href={telHref(contact.phone)}>
          <ChannelIcon kind="call" />
          <span>
            <strong>Call</strong>
            <span className="channel__detail">{contact.phone}</span>
          </span>
        </a>
      </li>
    </ul>
  )
}

export function ChannelIcon({ kind }: { kind: 'whatsapp' | 'email' | 'call' }) {
  const paths = {
    whatsapp:
      'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.9-.4z',
    email:
      'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.2V17h16V7.2l-8 5.3-8-5.3zM5.4 7l6.6 4.4L18.6 7H5.4z',
    call: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.23z',
  }
  return (
    <svg className="channel__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[kind]} fill="currentColor" />
    </svg>
  )
}
