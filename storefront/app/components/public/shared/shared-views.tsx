import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import type { PublicProperty } from '~/models/portfolio.server'
import { formatRM, formatSqft, lotStatusLabel, propertyStatusTone, truncateText } from '~/utils/format'

export function PropertyStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${propertyStatusTone(status)}`}>{lotStatusLabel(status)}</span>
}

/** The shared views end with a call to sign up or log in (requirements: public-site.md#shared-property-view). */
export function SignUpCallToAction({ returnTo, subject }: { returnTo: string; subject: string }) {
  return (
    <aside className="cta-block" aria-labelledby="signup-cta-title">
      <div>
        <h2 id="signup-cta-title" className="cta-block__title">
          Interested in {subject}?
        </h2>
        <p>Create a free account to join your agency and book lots, or log in if you already have one.</p>
      </div>
      <p className="cta-block__actions">
        <Link to="/register" className="button button--accent">
          Sign up
        </Link>
        <Link to={`/login?redirectTo=${encodeURIComponent(returnTo)}`} className="button button--ghost">
          Log in
        </Link>
      </p>
    </aside>
  )
}

/** A property on the shared agency view's grid (requirements: public-site.md#shared-agency-view). */
export function PropertyCard({ property }: { property: PublicProperty }) {
  const image = property.heroImage
  return (
    <li className="listing-card">
      <div className="listing-card__media">
        <img
          src={image ? image.card : '/images/shared/property-placeholder.svg'}
          alt=""
          width="400"
          height="250"
          loading="lazy"
          decoding="async"
        />
        <PropertyStatusBadge status={property.status} />
      </div>
      <div className="listing-card__body">
        <h3 className="listing-card__title">{property.name}</h3>
        <p className="listing-card__type">{property.propertyType ?? 'Property'}</p>
        <dl className="listing-card__facts">
          <div>
            <dt>Price</dt>
            <dd>{formatRM(property.price)}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{property.size ? formatSqft(property.size.sqft) : '-'}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{property.location ?? '-'}</dd>
          </div>
        </dl>
        {property.description ? <p className="listing-card__text">{truncateText(property.description, 100)}</p> : null}
        <Link to={`/agent-properties/${property.id}`} className="button button--primary button--small">
          View Details<span className="visually-hidden"> of {property.name}</span>
        </Link>
      </div>
    </li>
  )
}

/** The shared views' error boundary: a missing record says which kind was not found. */
export function SharedViewErrorBoundary({ notFound }: { notFound: string }) {
  const error = useRouteError()
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__status">Error 404</p>
      <h1 id="error-title">{notFound}</h1>
      <p>The link may be out of date, or the listing may have been taken down.</p>
      <p className="error-page__actions">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/aero-industrial-hub" className="button button--ghost">
          Browse units
        </Link>
      </p>
    </section>
  )
}
