const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/** The controls of `container` that Tab can reach now. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  // Without layout (no boxes at all, as in tests) every control counts as shown.
  const laidOut = container.getClientRects().length > 0
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]') && (!laidOut || element.getClientRects().length > 0)
  )
}

/** Keeps Tab and Shift+Tab inside a modal dialog: call it from a keydown listener. */
export function trapTab(event: KeyboardEvent, dialog: HTMLElement) {
  if (event.key !== 'Tab') return
  const focusables = focusableIn(dialog)
  if (focusables.length === 0) {
    event.preventDefault()
    dialog.focus()
    return
  }
  const first = focusables[0]
  const last = focusables[focusables.length - 1]
  const active = document.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}
