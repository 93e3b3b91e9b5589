import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { focusableIn, trapTab } from '~/utils/focus-trap'

interface ModalProps {
  open: boolean
  onClose: () => void
  /** The id of the heading that names the dialog. */
  labelledBy: string
  children: ReactNode
  /** Wide dialogs hold forms and players; narrow ones short notices. */
  size?: 'narrow' | 'wide'
  /** Without JavaScript an open dialog is closed by following this link. */
  closeHref?: string
}

/**
 * A modal dialog: focus moves into it, Tab stays inside, Escape or the close button
 * closes it, and focus goes back to what opened it. Rendered in place (not a portal),
 * so a dialog the server renders open still works without JavaScript.
 */
export function Modal({ open, onClose, labelledBy, children, size = 'wide', closeHref }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const dialog = dialogRef.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0]
    ;(first ?? dialog).focus()

    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      trapTab(event, dialog)
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.body.style.overflow = overflow
      if (opener && opener.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <div className="dialog" data-modal-root="">
      <div className="dialog__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={dialogRef}
        className={`dialog__panel dialog__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {closeHref ? (
          <a
            href={closeHref}
            className="dialog__close"
            aria-label="Close"
            onClick={(event) => {
              event.preventDefault()
              onCloseRef.current()
            }}
          >
            <CloseIcon />
          </a>
        ) : (
          <button type="button" className="dialog__close" aria-label="Close" onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        )}
        {children}
      </div>
    </div>
  )
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}
