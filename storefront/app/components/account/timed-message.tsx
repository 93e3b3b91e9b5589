import { useEffect, useState } from 'react'

interface TimedMessageProps {
  text: string
  tone: 'success' | 'error' | 'info'
  /** How long it shows once the page runs scripts; without them it stays. */
  durationMs: number
}

/**
 * A message that goes away by itself (cancel success 3 s, errors 5 s, profile 3 s;
 * requirements: display.md#message-timings). Give it a new `key` for each showing so a repeated text shows again.
 */
export function TimedMessage({ text, tone, durationMs }: TimedMessageProps) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), durationMs)
    return () => window.clearTimeout(timer)
  }, [durationMs])
  if (!visible) return null
  return (
    <p className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  )
}

/**
 * A one-time notice outlives the loader data that brought it: a revalidation right after
 * (the session check, the 60-second agency re-check) reads no notice any more, and must
 * not take the message off the screen before its time is up.
 */
export function useHeldNotice<T extends { id: string }>(notice: T | null): T | null {
  const [held, setHeld] = useState<T | null>(notice)
  // Only a new notice replaces the held one (state adjusted while rendering, not in an effect).
  if (notice && notice.id !== held?.id) setHeld(notice)
  return notice ?? held
}
