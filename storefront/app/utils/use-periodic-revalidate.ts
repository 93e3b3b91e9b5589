import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'

/** How often the dashboard re-reads the user's agency status while it is shown. */
export const AGENCY_RECHECK_MS = 60_000

/**
 * Loads the page's data again every `everyMs` while the page is visible. Not while a
 * navigation is under way (a form's post and its redirect): that navigation loads the page
 * anyway, and a load of our own would interrupt it and could take the one-time notice the
 * redirect carries (notice.server.ts).
 */
export function usePeriodicRevalidate(everyMs: number): void {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const revalidate = revalidator.revalidate
  const idle = revalidator.state === 'idle' && navigation.state === 'idle'
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && idle) revalidate()
    }, everyMs)
    return () => window.clearInterval(timer)
  }, [revalidate, idle, everyMs])
}
