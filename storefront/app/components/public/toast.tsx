import { useCallback, useEffect, useRef, useState } from 'react'

export interface ToastMessage {
  title?: string
  text: string
  tone: 'success' | 'error' | 'info'
}

/** A message that hides itself after `durationMs` (toasts 3000 ms; requirements: display.md#message-timings). */
export function useToast(durationMs = 3_000): [ToastMessage | null, (toast: ToastMessage) => void, () => void] {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const hide = useCallback(() => setToast(null), [])
  const show = useCallback(
    (next: ToastMessage) => {
      clearTimeout(timer.current)
      setToast(next)
      timer.current = setTimeout(hide, durationMs)
    },
    [durationMs, hide]
  )
  useEffect(() => () => clearTimeout(timer.current), [])
  return [toast, show, hide]
}

/**
 * The toast area. It is always in the page, so screen readers announce a message
 * when it appears.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div className={`toast toast--${toast.tone}`}>
          <div className="toast__body">
            {toast.title ? <p className="toast__title">{toast.title}</p> : null}
            <p className="toast__text">{toast.text}</p>
          </div>
          <button type="button" className="toast__close" onClick={onDismiss} aria-label="Dismiss notification">
            ×
          </button>
        </div>
      ) : null}
    </div>
  )
}
