import { Modal } from '~/components/public/modal'
import { ContactChannels } from '~/components/public/contact/contact-channels'
import { ContactForm } from '~/components/public/contact/contact-form'
import type { ContactResult } from '~/components/public/contact/contact-rules'
import type { SiteContact } from '~/models/contact.server'

interface ContactDialogProps {
  open: boolean
  onClose: () => void
  title: string
  /** What the enquiry is about, for the WhatsApp and email texts. */
  subject: string
  contact: SiteContact
  /** The route whose action sends the form. */
  action: string
  pageResult?: ContactResult | null
  /** The address that closes a dialog the server rendered open (no JavaScript). */
  closeHref: string
  /** Each time the dialog opens it starts afresh. */
  openCount: number
}

/** The contact modal: the three channels and the message form. */
export function ContactDialog({
  open,
  onClose,
  title,
  subject,
  contact,
  action,
  pageResult,
  closeHref,
  openCount,
}: ContactDialogProps) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="contact-dialog-title" closeHref={closeHref}>
      <div id="contact-dialog">
        <h2 id="contact-dialog-title" className="dialog__title">
          {title}
        </h2>
        <p className="dialog__lead">
          Chat, email or call our sales team, or leave a message and we will get back to you.
        </p>
        <ContactChannels contact={contact} subject={subject} />
        <h3 className="dialog__subtitle">Send a message</h3>
        <ContactForm
          key={openCount}
          action={action}
          pageResult={openCount === 0 ? pageResult : null}
          onSent={onClose}
        />
      </div>
    </Modal>
  )
}
