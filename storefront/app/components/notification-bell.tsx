import { Form, useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { BellData } from '~/routes/resources.notifications'
import { useLiveChannel } from '@aero/shared/live-client'
import { useDismiss } from '~/utils/use-dismiss'
import { formatDateTime } from '~/utils/format'

const BELL_DATA = '/resources/notifications'

/** The signed-in person's notifications channel (backend/app/core/live.ts). */
export function userNotificationsChannel(userId: string | number | null | undefined): string | null {
  return userId == null || userId === '' ? null : `users/${userId}/notifications`
}

/** "9+" past nine, as the badge has room for. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null
  return unread > 9 ? '9+' : String(unread)
}

/**
 * The header bell: the unread count, and a list of the newest notifications; opening one marks
 * it read and goes to its booking or request. A new notification pushed on the person's channel
 * loads the bell again, without reloading the page.
 */
export function NotificationBell({ userId }: { userId: string | number }) {
  const fetcher = useFetcher<BellData>()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const panelRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const load = fetcher.load

  const refresh = useCallback(() => load(BELL_DATA), [load])
  useEffect(() => {
    refresh()
  }, [refresh])
  useLiveChannel(userNotificationsChannel(userId), refresh, refresh)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, panelRef, close, buttonRef)

  // "Mark all read" posts with this fetcher and is redirected back: the bell shows its data as read
  // at once, and loads it again once the post is done (a redirect brings the fetcher no data).
  const readingAll = fetcher.formData?.get('intent') === 'read-all'
  const [clearedData, setClearedData] = useState<BellData | undefined>()
  const posted = useRef(false)
  useEffect(() => {
    if (readingAll) {
      posted.current = true
      setClearedData(fetcher.data)
    } else if (fetcher.state === 'idle' && posted.current) {
      posted.current = false
      refresh()
    }
  }, [readingAll, fetcher.state, fetcher.data, refresh])

  const bell = fetcher.data
  const cleared = readingAll || (clearedData !== undefined && clearedData === bell)
  const unread = cleared ? 0 : (bell?.unread ?? 0)
  const badge = unreadBadge(unread)
  const items = cleared ? (bell?.items ?? []).map((item) => ({ ...item, read: true })) : (bell?.items ?? [])

  return (
    <div className="bell" ref={panelRef}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((now) => !now)}
      >
        <BellIcon />
        {badge ? (
          <span className="bell__badge" data-testid="bell-count">
            {badge}
          </span>
        ) : null}
      </button>
      <div id={panelId} className="bell__panel" hidden={!open} role="region" aria-label="Notifications">
        <div className="bell__head">
          <strong>Notifications</strong>
          {unread > 0 ? (
            <fetcher.Form method="post" action={BELL_DATA}>
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" className="bell__read-all">
                Mark all read
              </button>
            </fetcher.Form>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="bell__empty">No notifications yet.</p>
        ) : (
          <ul className="bell__list">
            {items.map((item) => (
              <li key={item.id} className={item.read ? 'bell__item' : 'bell__item bell__item--unread'}>
                <Form method="post" action={BELL_DATA}>
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className="bell__open">
                    <span className="bell__title">{item.title}</span>
                    <span className="bell__body">{item.body}</span>
                    <time className="bell__time" dateTime={item.createdAt}>
                      {formatDateTime(item.createdAt)}
                    </time>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        fill="currentColor"
      />
    </svg>
  )
}
