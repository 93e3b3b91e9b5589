import { Link } from '@remix-run/react'
import type { User } from '@aero/shared/user'
import { ProfileForm } from '~/components/account/profile-form'
import { accountTypeLabel } from '~/utils/account'
import { formatDate } from '~/utils/format'

/** The dashboard's My Profile tab: the details (or their form) and the password change. */
export function ProfilePanel({
  user,
  editing,
  profileResult,
}: {
  user: User
  editing: boolean
  profileResult: Parameters<typeof ProfileForm>[0]['result']
}) {
  return (
    <div className="dashboard__grid dashboard__grid--wide">
      <section className="card account-card" aria-labelledby="my-profile-title">
        <div className="account-card__head">
          <h2 id="my-profile-title" className="card__title">
            My Profile
          </h2>
          {editing ? null : (
            <Link to="?tab=profile&edit=profile" className="button button--ghost button--small" preventScrollReset>
              Edit Profile
            </Link>
          )}
        </div>
        {editing ? (
          <ProfileForm
            fields={['name', 'phone', 'address']}
            user={user}
            result={profileResult}
            cancelTo="?tab=profile"
          />
        ) : (
          <dl className="details">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Phone</dt>
            <dd>{user.phone || 'Not provided'}</dd>
            <dt>Address</dt>
            <dd className="preserve-lines">{user.address || 'Not provided'}</dd>
            <dt>Account type</dt>
            <dd>{accountTypeLabel(user.role)}</dd>
            <dt>Company</dt>
            <dd>{user.company || 'Not provided'}</dd>
            {user.agencyStatus === 'approved' && user.agencyName ? (
              <>
                <dt>Agency</dt>
                <dd>
                  {user.agencyName}
                  {user.position ? ` (${user.position})` : ''}
                </dd>
              </>
            ) : null}
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
        )}
      </section>

      <section className="card account-card" aria-labelledby="account-settings-title">
        <h2 id="account-settings-title" className="card__title">
          Account Settings
        </h2>
        <p>Change the password you use to log in. Your other signed-in devices will be logged out.</p>
        <p className="account-card__actions">
          <Link to="?tab=profile&dialog=password" className="button button--primary" preventScrollReset>
            Change Password
          </Link>
        </p>
      </section>
    </div>
  )
}
