import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { REQUESTS_VIEW_COOKIE, serializeRequestsView, type RequestsView } from './requestsView'

/**
 * The hand-over from the first view (first-view/firstView.ts, drawn by the gateway) to the app:
 * the page whose first view it is takes it away once it shows the same data; leaving that page,
 * or a page that never gets there, takes it away too.
 */

/** The longest the first view stays on screen, whatever the app is doing. */
export const FIRST_VIEW_LONGEST_MS = 10_000

/** Takes the first view away and shows the app. Does nothing when there is none. */
export function firstViewDone(doc: Document = document): void {
  doc.getElementById('first-view')?.remove()
  doc.body.removeAttribute('data-first-view')
}

/** A page with a first view: its data are on screen when `ready`. */
export function useFirstViewDone(ready: boolean): void {
  useEffect(() => {
    if (ready) firstViewDone()
  }, [ready])
}

/** For the app's start: however the app fares, the first view is gone after the longest wait. */
export function endFirstViewInTime(): void {
  if (document.getElementById('first-view')) window.setTimeout(firstViewDone, FIRST_VIEW_LONGEST_MS)
}

/** For the layout: the first view goes when the app moves to another address than the one it showed. */
export function useFirstViewHandOver(): void {
  const { pathname, search } = useLocation()
  const first = useRef(`${pathname}${search}`)
  useEffect(() => {
    if (`${pathname}${search}` !== first.current) firstViewDone()
  }, [pathname, search])
}

/** A year: the list opens on the agent's tab for as long as react-admin remembers it. */
const REMEMBERED_FOR_SECONDS = 365 * 24 * 60 * 60

/**
 * Tells the gateway how the booking requests list is left (its tab, order and page), so its
 * first view next time is drawn as the app will open it (first-view/requestsView.ts).
 */
export function rememberRequestsView(view: RequestsView, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie =
    `${REQUESTS_VIEW_COOKIE}=${serializeRequestsView(view)}; Path=/backoffice; ` +
    `Max-Age=${REMEMBERED_FOR_SECONDS}; SameSite=Lax${secure}`
}
