import { Link } from '@remix-run/react'
import type { User } from '@aero/shared/user'
import { MembershipCard } from '~/components/account/membership-card'
import { accountTypeLabel } from '~/utils/account'
import { formatDate } from '~/utils/format'
import type { BookingCounts } from '~/utils/user-bookings'

/** The dashboard's Overview tab: membership, booking counts, the profile in brief. */
export function DashboardOverview({ user, counts, welcome }: { user: User; counts: BookingCounts; welcome: boolean }) {
  return (
    <div className="dashboard__grid">
      <MembershipCard user={user} welcome={welcome} />

      <article className="card account-card" aria-labelledby="booking-overview-title">
        <h2 id="booking-overview-title" className="card__title">
          Booking Overview
        </h2>
        <dl className="stat-grid">
          <div className="stat">
            <dt>Total</dt>
            <dd>{counts.all}</dd>
          </div>
          <div className="stat stat--pending">
            <dt>Pending</dt>
            <dd>{counts.pending}</dd>
          </div>
          <div className="stat stat--approved">
            <dt>Approved</dt>
            <dd>{counts.approved}</dd>
          </div>
          <div className="stat stat--cancelled">
            <dt>Cancelled</dt>
            <dd>{counts.cancelled}</dd>
          </div>
        </dl>
        <p className="account-card__actions">
          <Link to="?tab=bookings" className="button button--ghost button--small">
            View my bookings
          </Link>
        </p>
      </article>

      <article className="card account-card" aria-labelledby="profile-card-title">
        <h2 id="profile-card-title" className="card__title">
          Profile
        </h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Phone</dt>
          <dd>{user.phone || 'Not provided'}</dd>
          <dt>Account type</dt>
          <dd>{accountTypeLabel(user.role)}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
        <p className="account-card__actions">
          <Link to="?tab=profile&edit=profile" className="button button--ghost button--small">
            Edit profile
          </Link>
        </p>
      </article>
    </div>
  )
}
