import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

interface DialogTriggerProps {
  /** Where the control leads without JavaScript (a page that shows the dialog open). */
  href: string
  onOpen: () => void
  className?: string
  children: ReactNode
}

/**
 * Opens a dialog: a link until the page is interactive (so it works without
 * JavaScript), then a real button.
 */
export function DialogTrigger({ href, onOpen, className, children }: DialogTriggerProps) {
  const [interactive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
  if (!interactive) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    )
  }
  return (
    <button type="button" className={className} onClick={onOpen} aria-haspopup="dialog">
      {children}
    </button>
  )
}
