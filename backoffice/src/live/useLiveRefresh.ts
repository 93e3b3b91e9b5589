import { useEffect, useRef, useState } from 'react'
import { useRefresh } from 'react-admin'
import { describeChanges } from './messages'
import { useLiveChannel } from '@aero/shared/live-client'

/** Pushes that come in a burst (an import, a decision moving a booking and its lot) refresh once. */
export const LIVE_REFRESH_DELAY_MS = 400
/** Changes this close together are announced together. */
const ANNOUNCE_WINDOW_MS = 2_000

interface LiveRefreshOptions {
  delayMs?: number
  /** What to load again; react-admin's refresh (every query on screen) when absent. */
  refresh?: () => void
}

/**
 * Refreshes the screen's lists (react-admin's refresh: every query on screen loads again, or
 * the screen's own `refresh`) when `channel` (none when null) pushes a change `describe`
 * recognises, once per burst, and when the connection is back after a drop. Returns what the
 * polite live region should say.
 */
export function useLiveRefresh(
  channel: string | null,
  describe: (message: unknown) => string | null,
  { delayMs = LIVE_REFRESH_DELAY_MS, refresh: ownRefresh }: LiveRefreshOptions = {}
): string {
  const screenRefresh = useRefresh()
  const refresh = ownRefresh ?? screenRefresh
  const latest = useRef(refresh)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const recent = useRef<{ receivedAt: number; text: string }[]>([])
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    latest.current = refresh
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const scheduleRefresh = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latest.current(), delayMs)
  }

  useLiveChannel(
    channel,
    (message) => {
      const text = describe(message)
      if (text === null) return
      scheduleRefresh()
      const now = Date.now()
      recent.current = [
        ...recent.current.filter((entry) => now - entry.receivedAt < ANNOUNCE_WINDOW_MS),
        { receivedAt: now, text },
      ]
      setAnnouncement(describeChanges(recent.current.map((entry) => entry.text)))
    },
    scheduleRefresh
  )

  return announcement
}
