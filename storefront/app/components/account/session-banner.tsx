import { useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import type { SessionStatus, action as sessionAction, loader as sessionLoader } from '~/routes/resources.session'
import { loginPath } from '~/utils/redirects'
import {
  ACTIVITY_EVENTS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_WARNING_MS,
  isExpiringSoon,
  remainingMs,
  timeLeftText,
} from '~/utils/session'

const SESSION_ROUTE = '/resources/session'
/** How often the countdown text is refreshed. */
const TICK_MS = 15_000
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

interface SessionBannerProps {
  /** When the sign-in ends (ISO), as the server knew it when the page was drawn. */
  expiresAt: string | null
  /** The server's clock then (ms): the first render matches the server's exactly. */
  renderedAt: number
}

/**
 * The session-expiring banner (requirements: account.md#sessions): shows when an hour or less of the sign-in is
 * left, offers 'Yes, Keep Me Logged In', checks the sign-in every five minutes and on
 * the first activity after a quiet spell, and goes to /login once it has ended. Nothing
 * is stored in the browser: the last-activity time lives in memory only.
 */
export function SessionBanner({ expiresAt: drawnExpiresAt, renderedAt }: SessionBannerProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const check = useFetcher<typeof sessionLoader>({ key: 'session-check' })
  const extension = useFetcher<typeof sessionAction>({ key: 'session-extend' })
  const [expiresAt, setExpiresAt] = useState(drawnExpiresAt)
  const [now, setNow] = useState(renderedAt)
  const origin = `${location.pathname}${location.search}`

  // The browser's clock may be off: count on the server's, as of when the page arrived.
  // Set up once per page load; `renderedAt` of later navigations does not matter.
  const clock = useRef({ renderedAt, skew: 0, lastActivity: renderedAt, lastCheck: renderedAt })
  // The latest `load`, for timers and listeners set up once.
  const loadRef = useRef(check.load)
  loadRef.current = check.load

  useEffect(() => setExpiresAt(drawnExpiresAt), [drawnExpiresAt])

  useEffect(() => {
    const state = clock.current
    state.skew = state.renderedAt - Date.now()
    const serverNow = () => Date.now() + state.skew
    const checkSession = () => {
      state.lastCheck = serverNow()
      loadRef.current(SESSION_ROUTE)
    }
    // Activity updates the last-activity time (requirements: account.md#sessions); coming back after a
    // quiet spell longer than the check interval checks at once.
    const onActivity = () => {
      const at = serverNow()
      const quietFor = at - state.lastActivity
      state.lastActivity = at
      if (quietFor >= SESSION_CHECK_INTERVAL_MS && at - state.lastCheck >= TICK_MS) checkSession()
    }

    state.lastActivity = serverNow()
    setNow(serverNow())
    const tick = window.setInterval(() => setNow(serverNow()), TICK_MS)
    const poll = window.setInterval(checkSession, SESSION_CHECK_INTERVAL_MS)
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true })
    return () => {
      window.clearInterval(tick)
      window.clearInterval(poll)
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true })
    }
  }, [])

  // Besides the tick, wake exactly when the banner is due and when the time is up.
  useEffect(() => {
    const state = clock.current
    const left = remainingMs(expiresAt, Date.now() + state.skew)
    if (left === null) return
    const timers = [left - SESSION_WARNING_MS, left + 500]
      .filter((delay) => delay > 0 && delay < MAX_TIMER_MS)
      .map((delay) => window.setTimeout(() => setNow(Date.now() + state.skew), delay))
    return () => timers.forEach((timer) => window.clearTimeout(timer))
  }, [expiresAt])

  // Every answer, from the five-minute check or from an extension, updates the expiry
  // or, when the sign-in has ended, goes to /login remembering this page.
  const answer = useLatestAnswer(
    check.state === 'idle' ? check.data : undefined,
    extension.state === 'idle' ? extension.data : undefined
  )
  useEffect(() => {
    if (!answer) return
    if (answer.status === 'active') setExpiresAt(answer.expiresAt)
    else if (answer.status === 'expired' || answer.status === 'signed-out') {
      navigate(loginPath(origin, { expired: answer.status === 'expired' }), { replace: true })
    }
  }, [answer, navigate, origin])

  const remaining = remainingMs(expiresAt, now)
  const timeIsUp = remaining !== null && remaining <= 0

  // Time is up by this page's count: ask the server, which has the last word.
  useEffect(() => {
    if (timeIsUp) loadRef.current(SESSION_ROUTE)
  }, [timeIsUp])

  if (remaining === null || !isExpiringSoon(remaining)) return null

  function keepSignedIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    extension.submit({ intent: 'extend' }, { method: 'post', action: SESSION_ROUTE })
  }

  return (
    <section className="session-banner" aria-labelledby="session-banner-title">
      <div className="session-banner__inner">
        <p className="session-banner__text">
          <strong id="session-banner-title" role="alert">
            Your session is about to expire.
          </strong>{' '}
          You will be logged out in {timeLeftText(remaining)}. Do you want to stay logged in?
        </p>
        <extension.Form method="post" action={SESSION_ROUTE} onSubmit={keepSignedIn} className="session-banner__form">
          <input type="hidden" name="redirectTo" value={origin} />
          <button type="submit" className="button button--accent button--small" disabled={extension.state !== 'idle'}>
            Yes, Keep Me Logged In
          </button>
        </extension.Form>
      </div>
    </section>
  )
}

/** The newer of two fetchers' answers: each answer object is acted on once. */
function useLatestAnswer(
  checked: SessionStatus | undefined,
  extended: SessionStatus | undefined
): SessionStatus | null {
  const [latest, setLatest] = useState<SessionStatus | null>(null)
  useEffect(() => {
    if (checked) setLatest(checked)
  }, [checked])
  useEffect(() => {
    if (extended) setLatest(extended)
  }, [extended])
  return latest
}
