import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { trapTab } from '~/utils/focus-trap'

interface ModalProps {
  title: string
  /** Where closing goes: the same page without the dialog's query parameter. */
  closeTo: string
  children: ReactNode
  wide?: boolean
}

/**
 * A dialog whose open state lives in the address (so it opens and closes without
 * JavaScript too). With scripts: focus moves in, Tab stays inside, Escape and the backdrop
 * close it.
 */
export function Modal({ title, closeTo, children, wide = false }: ModalProps) {
  const navigate = useNavigate()
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = 'modal-title'

  // Read through refs so the effect runs once per opening: re-running it on a new `closeTo`
  // or `navigate` would pull focus back to the panel from a dialog opened inside it.
  const closeRef = useRef({ closeTo, navigate })
  closeRef.current = { closeTo, navigate }

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panelRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current.navigate(closeRef.current.closeTo, { preventScrollReset: true })
      else if (panelRef.current) trapTab(event, panelRef.current)
    }
    document.addEventListener('keydown', onKeyDown)
    document.body.classList.add('has-modal')
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.classList.remove('has-modal')
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <div className="modal">
      <Link to={closeTo} className="modal__backdrop" preventScrollReset tabIndex={-1} aria-hidden="true" />
      <div
        ref={panelRef}
        className={wide ? 'modal__panel modal__panel--wide' : 'modal__panel'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <Link to={closeTo} className="modal__close" preventScrollReset aria-label="Close">
            <span aria-hidden="true">×</span>
          </Link>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  )
}
