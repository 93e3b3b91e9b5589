import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useLiveChannel } from '@aero/shared/live-client'

/** Pushes that come in a burst (a decision moves a booking and its lot) load the page once. */
export const LIVE_REVALIDATE_DELAY_MS = 300

/**
 * Loads the page's data again when `channel` (none when null) says something changed, once per
 * burst, and when the connection is back after a drop. Not while a navigation is under way (a
 * form's post and its redirect): that navigation loads the page's data anyway, and a load of
 * our own racing it could take the one-time notice the redirect carries (notice.server.ts).
 */
export function useLiveRevalidate(channel: string | null, delayMs = LIVE_REVALIDATE_DELAY_MS): void {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const latest = useRef({ revalidator, navigating: navigation.state !== 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    latest.current = { revalidator, navigating: navigation.state !== 'idle' }
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  const revalidate = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (!latest.current.navigating) latest.current.revalidator.revalidate()
    }, delayMs)
  }
  useLiveChannel(channel, revalidate, revalidate)
}

/** The signed-in user's own bookings channel. */
export function userBookingsChannel(userId: string | number | null | undefined): string | null {
  return userId == null || userId === '' ? null : `users/${userId}/bookings`
}
