import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/utils/auth.server'
import { accountTypeLabel, membershipSummary } from '~/utils/account'
import { formatDate } from '~/utils/format'
import { headerLinks } from '~/utils/navigation'

export const meta: MetaFunction = () => [{ title: 'My dashboard | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return { user }
}

/** The signed-in user's home: agency membership and account details. */
export default function EnhancedDashboard() {
  const { user } = useLoaderData<typeof loader>()
  const membership = membershipSummary(user.agencyStatus, user.agencyName)
  const panel = headerLinks(user).account?.panel
  const showsPanel = panel && panel.to !== '/enhanced-dashboard'

  return (
    <section className="section">
      <div className="section__inner dashboard">
        <h1 className="section__title">Welcome, {user.name}</h1>

        <div className="dashboard__grid">
          <article className="card" aria-labelledby="membership-title">
            <h2 id="membership-title" className="card__title">
              Agency membership
            </h2>
            <div className={`alert alert--${membership.tone}`} role="status">
              <strong>{membership.title}</strong>
              <p>{membership.text}</p>
            </div>
            {user.agencyStatus === 'approved' && user.position ? (
              <p>
                Position: {user.position}
                {user.agencyStatusDate ? `, since ${formatDate(user.agencyStatusDate)}` : ''}
              </p>
            ) : null}
            {user.agencyStatus === 'pending' && user.agencyRequestDate ? (
              <p>Requested on {formatDate(user.agencyRequestDate)}</p>
            ) : null}
          </article>

          <article className="card" aria-labelledby="profile-title">
            <h2 id="profile-title" className="card__title">
              My Profile
            </h2>
            <dl className="details">
              <dt>Name</dt>
              <dd>{user.name}</dd>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Phone</dt>
              <dd>{user.phone || 'Not provided'}</dd>
              <dt>Address</dt>
              <dd>{user.address || 'Not provided'}</dd>
              <dt>Account type</dt>
              <dd>{accountTypeLabel(user.role)}</dd>
              {user.company ? (
                <>
                  <dt>Company</dt>
                  <dd>{user.company}</dd>
                </>
              ) : null}
              <dt>Member since</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </dl>
          </article>
        </div>

        <p className="dashboard__actions">
          <Link to="/aero-industrial-hub" className="button button--primary">
            Browse available lots
          </Link>
          {showsPanel ? (
            <Link to={panel.to} reloadDocument={panel.reloadDocument} className="button button--ghost">
              {panel.label}
            </Link>
          ) : null}
        </p>
      </div>
    </section>
  )
}
