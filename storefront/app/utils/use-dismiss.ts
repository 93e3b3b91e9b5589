import { useEffect } from 'react'
import type { RefObject } from 'react'

/**
 * Closes an open popup when the user presses outside `container` or presses Escape.
 * Escape hands focus back to `returnFocusTo`, the control that opened it.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  close: () => void,
  returnFocusTo?: RefObject<HTMLElement | null>
): void {
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return
      close()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      returnFocusTo?.current?.focus()
    }
    document.addEventListener('mousedown', onPointerDown)
    document.addEventListener('touchstart', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('mousedown', onPointerDown)
      document.removeEventListener('touchstart', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open, container, close, returnFocusTo])
}
