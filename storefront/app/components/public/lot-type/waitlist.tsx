import { Link, useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { canBook } from '~/components/public/hub/audience'
import type { Audience } from '~/components/public/hub/audience'
import type { WaitlistEntry, WaitlistResult } from '~/models/waitlist'
import { positionText } from '~/models/waitlist'
import { offerTimeText } from '~/components/public/hub/waitlist-hold'
import { loginPath } from '~/utils/redirects'

/** Lots taken for now, whose waitlist one may join: not available, not sold (nor locked). */
const WAITLIST_STATUSES = new Set(['reserved', 'booked', 'pending'])

/** What the waitlist needs of a lot. */
export interface WaitlistLot {
  id: number
  status: string
  lotNumber: string
  unitNumber: string | null
  /** How many are in line; absent from an older API. */
  waitlistCount?: number
  /** While a waitlist offer holds the available lot: until when. */
  offeredUntil?: string | null
}

export function canJoinWaitlist(lot: Pick<WaitlistLot, 'status'>): boolean {
  return WAITLIST_STATUSES.has(lot.status)
}

export { offerTimeText }

/** Whether `iso` is still ahead; re-renders when it passes, so an offer that ran out stops showing. */
function useStillAhead(iso: string | null | undefined): boolean {
  const until = iso ? Date.parse(iso) : NaN
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (Number.isNaN(until)) return
    const left = until - Date.now()
    if (left <= 0) return
    // Timers longer than ~24.8 days overflow; an offer lasts a day at most.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(left + 250, 2 ** 31 - 1))
    return () => window.clearTimeout(timer)
  }, [until])
  return !Number.isNaN(until) && until > now
}

interface LotWaitlistProps {
  lot: WaitlistLot
  audience: Audience
  /** The viewer's own live entry on this lot's waitlist. */
  entry: WaitlistEntry | null
  /** The page to come back to after signing in. */
  returnTo: string
  /** Where the forms post (the page's own action). */
  action: string
  /** The viewer's own live booking holds the lot: there is no line for them to join. */
  yours?: boolean
  /** The page's answer to a form posted without JavaScript, when it was about this lot. */
  pageResult?: WaitlistResult | null
}

/**
 * A lot's waitlist on the lot-type page and the hub: "Notify me / Join waitlist" on a taken lot,
 * the viewer's place in line and "Leave waitlist" once in it; on a lot a waitlist offer holds,
 * "Held for the waitlist until …", or "It's your turn" for the person it is offered to.
 */
export function LotWaitlist({
  lot,
  audience,
  entry,
  returnTo,
  action,
  yours = false,
  pageResult = null,
}: LotWaitlistProps) {
  const fetcher = useFetcher<WaitlistResult>()
  const held = useStillAhead(lot.offeredUntil)
  const offered = entry?.status === 'offered'
  const offerOpen = useStillAhead(offered ? (entry?.offerExpiresAt ?? lot.offeredUntil) : null)
  const label = lot.unitNumber || `lot ${lot.lotNumber}`
  const answered = fetcher.state === 'idle' && fetcher.data?.lotId === lot.id ? fetcher.data : null
  const result = answered ?? (pageResult?.lotId === lot.id ? pageResult : null)
  const sending = fetcher.state !== 'idle'

  const message = result ? (
    <p className={result.ok ? 'waitlist__done' : 'waitlist__error'} role={result.ok ? 'status' : 'alert'}>
      {result.message}
    </p>
  ) : null

  const leaveForm = (
    <fetcher.Form method="post" action={action} className="waitlist__form">
      <input type="hidden" name="intent" value="leave-waitlist" />
      <input type="hidden" name="lotId" value={lot.id} />
      <button type="submit" className="button button--ghost button--small" disabled={sending}>
        Leave waitlist<span className="visually-hidden"> of {label}</span>
      </button>
    </fetcher.Form>
  )

  if (lot.status === 'available') {
    const until = offered ? (entry?.offerExpiresAt ?? lot.offeredUntil ?? null) : (lot.offeredUntil ?? null)
    if (offered && offerOpen && until) {
      return (
        <div className="waitlist waitlist--turn">
          <p className="waitlist__note">
            <strong>It's your turn:</strong> request this lot before{' '}
            <time dateTime={until}>{offerTimeText(until)}</time>.
          </p>
          {leaveForm}
          {result && !result.ok ? message : null}
        </div>
      )
    }
    if (held && until) {
      return (
        <div className="waitlist waitlist--held">
          <p className="waitlist__note">
            Held for the waitlist until <time dateTime={until}>{offerTimeText(until)}</time>.
          </p>
        </div>
      )
    }
    // A leave just done (the offer passed on): say so where the button was.
    return result?.ok && result.intent === 'leave-waitlist' ? <div className="waitlist">{message}</div> : null
  }

  if (!canJoinWaitlist(lot)) return null
  // Their own booking holds it: nothing to wait for (the backend refuses the holder too).
  if (yours && !entry) return null
  const count = lot.waitlistCount ?? 0
  const waiting =
    count > 0 ? <p className="waitlist__count">{count === 1 ? '1 person waiting' : `${count} people waiting`}</p> : null

  if (audience === 'anonymous') {
    return (
      <div className="waitlist">
        <Link
          to={loginPath(returnTo)}
          className="button button--ghost button--small"
          onClick={(event) => event.stopPropagation()}
        >
          Notify me / Join waitlist<span className="visually-hidden"> for {label}: log in</span>
        </Link>
        {waiting}
      </div>
    )
  }
  if (!canBook(audience)) return null

  if (entry) {
    return (
      <div className="waitlist waitlist--joined">
        <p className="waitlist__note">{positionText(entry.position)}</p>
        {leaveForm}
        {result && !result.ok ? message : null}
      </div>
    )
  }
  return (
    <div className="waitlist">
      <fetcher.Form method="post" action={action} className="waitlist__form">
        <input type="hidden" name="intent" value="join-waitlist" />
        <input type="hidden" name="lotId" value={lot.id} />
        <button type="submit" className="button button--ghost button--small" disabled={sending}>
          {sending ? 'Joining…' : 'Notify me / Join waitlist'}
          <span className="visually-hidden"> for {label}</span>
        </button>
      </fetcher.Form>
      {waiting}
      {result && (!result.ok || result.intent === 'leave-waitlist') ? message : null}
    </div>
  )
}
