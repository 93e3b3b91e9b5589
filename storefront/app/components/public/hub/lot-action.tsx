import { Link } from '@remix-run/react'
import { BookNow } from '~/components/booking/book-now'
import type { Audience } from '~/components/public/hub/audience'
import { heldText, heldUntil } from '~/components/public/hub/waitlist-hold'
import { lotStatusLabel } from '~/utils/format'
import { loginPath } from '~/utils/redirects'

interface LotActionProps {
  lot: {
    id: number
    status: string
    unitNumber: string | null
    lotNumber: string
    offeredUntil?: string | null
    released?: boolean
  }
  audience: Audience
  /** The page to come back to after signing in or booking. */
  returnTo: string
  /** 'hub': the hub's role-dependent actions; 'type': Book Now for everyone but super admins. */
  page: 'hub' | 'type'
  onBook?: (lotId: number) => void
  /** The booking page's address for a lot, when not the regular one (the agent booking form). */
  bookHref?: (lotId: number) => string
  /** The viewer is the person a waitlist offer holds this lot for: they may still book it. */
  offeredToViewer?: boolean
}

/**
 * What a lot row offers (requirements: public-site.md#shop-lot-hub, public-site.md#lot-type-page): a taken lot
 * a disabled button with its status; an available one Book Now, or what stands between
 * the visitor and booking it. A lot a waitlist offer holds is booked by its person alone:
 * everyone else sees it held, never Book Now (the backend would refuse them).
 */
export function LotAction({
  lot,
  audience,
  returnTo,
  page,
  onBook,
  bookHref,
  offeredToViewer = false,
}: LotActionProps) {
  const label = lot.unitNumber || `lot ${lot.lotNumber}`
  // A lot waiting for its release batch is on sale for nobody (the backend refuses it on every path).
  if (lot.released === false) {
    return (
      <button type="button" className="button button--small button--taken" disabled>
        Not released
        <span className="visually-hidden"> {label}</span>
      </button>
    )
  }
  const held = heldUntil(lot)
  if (held && !offeredToViewer) {
    return (
      <button type="button" className="button button--small button--taken" disabled>
        Held
        <span className="visually-hidden">
          {' '}
          {label}: {heldText(held)}
        </span>
      </button>
    )
  }
  if (lot.status !== 'available') {
    return (
      <button type="button" className="button button--small button--taken" disabled>
        {lotStatusLabel(lot.status)}
      </button>
    )
  }
  if (audience === 'super_admin') return <span className="badge badge--green">Available</span>
  if (page === 'hub') {
    if (audience === 'anonymous') {
      return (
        <Link
          to={loginPath(returnTo)}
          className="button button--primary button--small"
          onClick={(event) => event.stopPropagation()}
        >
          Login<span className="visually-hidden"> to book {label}</span>
        </Link>
      )
    }
    if (audience === 'join') {
      return (
        <a
          href="#join-agency"
          className="button button--ghost button--small"
          onClick={(event) => {
            event.stopPropagation()
            const form = document.getElementById('join-agency')
            if (form instanceof HTMLDetailsElement) form.open = true
          }}
        >
          Join Agency<span className="visually-hidden"> to book {label}</span>
        </a>
      )
    }
    if (audience === 'pending') {
      return <span className="badge badge--yellow">Agency Membership Pending</span>
    }
  }
  return <BookNow lotId={lot.id} lotLabel={label} returnTo={returnTo} onOpen={onBook} href={bookHref?.(lot.id)} />
}
