import { Link } from '@remix-run/react'
import type { MouseEvent } from 'react'

/** The booking form's address (requirements: booking.md#request-form); `returnTo` brings the visitor back. */
export function bookingHref(lotId: number, returnTo: string): string {
  return `/book/${lotId}?returnTo=${encodeURIComponent(returnTo)}`
}

interface BookNowProps {
  lotId: number
  lotLabel: string
  returnTo: string
  /** Opens the booking form as a dialog; without it (or without JavaScript) the link opens the page. */
  onOpen?: (lotId: number) => void
  className?: string
  /** Where the link goes without JavaScript; the regular booking page unless given. */
  href?: string
}

export function BookNow({
  lotId,
  lotLabel,
  returnTo,
  onOpen,
  className = 'button button--accent button--small',
  href,
}: BookNowProps) {
  function open(event: MouseEvent<HTMLAnchorElement>) {
    event.stopPropagation()
    if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    onOpen(lotId)
  }
  return (
    <Link
      to={href ?? bookingHref(lotId, returnTo)}
      className={className}
      onClick={open}
      aria-haspopup={onOpen ? 'dialog' : undefined}
    >
      Book Now<span className="visually-hidden"> {lotLabel}</span>
    </Link>
  )
}
