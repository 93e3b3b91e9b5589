import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

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
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? dialog).focus()

    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab') return
      // Without layout (no boxes at all) every control counts as shown.
      const laidOut = dialog.getClientRects().length > 0
      const focusables = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => !element.closest('[hidden]') && (!laidOut || element.getClientRects().length > 0)
      )
      if (focusables.length === 0) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const firstFocusable = focusables[0]
      const lastFocusable = focusables[focusables.length - 1]
      const active = document.activeElement
      if (event.shiftKey && (active === firstFocusable || !dialog.contains(active))) {
        event.preventDefault()
        lastFocusable.focus()
      } else if (!event.shiftKey && (active === lastFocusable || !dialog.contains(active))) {
        event.preventDefault()
        firstFocusable.focus()
      }
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
