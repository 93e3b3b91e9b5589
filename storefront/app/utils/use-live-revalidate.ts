import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useLiveChannel } from '~/utils/live-client'

/** Pushes that come in a burst (a decision moves a booking and its lot) load the page once. */
export const LIVE_REVALIDATE_DELAY_MS = 300

/**
 * Loads the page's data again when `channel` (none when null) says something changed, once per
 * burst, and when the connection is back after a drop.
 */
export function useLiveRevalidate(channel: string | null, delayMs = LIVE_REVALIDATE_DELAY_MS): void {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    latest.current = revalidator
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const revalidate = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latest.current.revalidate(), delayMs)
  }
  useLiveChannel(channel, revalidate, revalidate)
}

/** The signed-in user's own bookings channel. */
export function userBookingsChannel(userId: string | number | null | undefined): string | null {
  return userId == null || userId === '' ? null : `users/${userId}/bookings`
}
