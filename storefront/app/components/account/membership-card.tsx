import { Link } from '@remix-run/react'
import { TimedMessage } from '~/components/account/timed-message'
import type { User } from '@aero/shared/user'
import { WELCOME_DISPLAY_MS, membershipSummary, showsJoinPrompt } from '~/utils/account'
import { formatDate } from '~/utils/format'

type MembershipUser = Pick<
  User,
  | 'role'
  | 'agencyName'
  | 'agencyStatus'
  | 'agencyStatusDate'
  | 'agencyRequestDate'
  | 'agencyRequestMessage'
  | 'position'
  | 'hasPendingAgencyRequest'
>

/** The agency membership status card of the dashboard's overview, with its prompts. */
export function MembershipCard({ user, welcome }: { user: MembershipUser; welcome: boolean }) {
  const summary = membershipSummary(user.agencyStatus, user.agencyName)
  const isRegularUser = user.role === 'user'
  return (
    <article className="card account-card" aria-labelledby="membership-title">
      <h2 id="membership-title" className="card__title">
        Agency membership
      </h2>
      {welcome ? (
        <TimedMessage
          tone="success"
          durationMs={WELCOME_DISPLAY_MS}
          text={`Welcome to ${user.agencyName ?? 'your agency'}! Your membership has been approved. You can now request bookings.`}
        />
      ) : null}
      <div className={`alert alert--${summary.tone}`} role="status">
        <strong>{summary.title}</strong>
        <p>{summary.text}</p>
      </div>

      {user.agencyStatus === 'approved' ? (
        <p className="account-card__meta">
          Position: {user.position || 'Member'}
          {user.agencyStatusDate ? `, since ${formatDate(user.agencyStatusDate)}` : ''}
        </p>
      ) : null}

      {user.agencyStatus === 'pending' ? (
        <p className="account-card__meta">
          {user.agencyRequestDate ? `Requested on ${formatDate(user.agencyRequestDate)}. ` : ''}
          You can request bookings once the agency approves you.
        </p>
      ) : null}

      {user.agencyStatus === 'rejected' && isRegularUser ? (
        <p className="account-card__actions">
          <Link to="/agency-request" className="button button--primary">
            Request Another Agency
          </Link>
        </p>
      ) : null}

      {showsJoinPrompt(user) ? (
        <div className="join-prompt">
          <p>Members of an agency can request bookings of available lots. Choose your agency and send a request.</p>
          <Link to="/agency-request" className="button button--primary">
            Join an Agency
          </Link>
        </div>
      ) : null}
    </article>
  )
}
