import { data } from '@remix-run/node'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { telHref } from '~/components/public/contact/contact-channels'
import { pageMeta } from '~/components/public/meta'
import {
  PropertyStatusBadge,
  SharedViewErrorBoundary,
  SignUpCallToAction,
} from '~/components/public/shared/shared-views'
import { getPublicProperty } from '~/models/portfolio.server'
import type { PublicProperty } from '~/models/portfolio.server'
import { ApiError } from '~/utils/api.server'
import {
  cacheControlHeaders,
  isBackendUnavailable,
  markDegraded,
  pageData,
  pageUnavailable,
} from '~/utils/cache-control.server'
import { formatRM, formatSqft, truncateText } from '~/utils/format'
import sharedStyles from '~/components/public/shared/shared-views.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: sharedStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page, location }) => {
  const property = page?.property
  if (!property)
    return [{ title: 'Property not found | Aero Property Booking' }, { name: 'robots', content: 'noindex' }]
  const facts = [property.propertyType, formatRM(property.price), property.location].filter(Boolean).join(' · ')
  return pageMeta({
    title: property.name,
    description: truncateText(`${facts}. ${property.description ?? ''}`, 160),
    path: location.pathname,
    origin: page.origin,
    image: property.heroImage?.large ?? '/images/og/aero-industrial-hub.png',
    type: 'article',
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.propertyId)
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Property not found' }, { status: 404 })
  const origin = new URL(request.url).origin
  try {
    const { data: property } = await getPublicProperty(request, id)
    return pageData(request, { property, loadError: null, origin })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 404) throw data({ message: 'Property not found' }, { status: 404 })
    console.error(`Shared property ${id}: ${error.message}`)
    // The property is the page: without it, the error page and try again shortly.
    if (isBackendUnavailable(error)) throw pageUnavailable('Failed to load property')
    markDegraded(request)
    return pageData(request, { property: null as PublicProperty | null, loadError: 'Failed to load property', origin })
  }
}

export const headers = cacheControlHeaders

/** What a visitor sees of a property an agent shared (requirements: public-site.md#shared-property-view). */
export default function SharedPropertyRoute() {
  const { property, loadError } = useLoaderData<typeof loader>()
  if (!property) {
    return (
      <section className="section">
        <div className="section__inner section__inner--narrow">
          <h1 className="section__title">Property</h1>
          <p className="alert alert--error" role="alert">
            {loadError}
          </p>
        </div>
      </section>
    )
  }

  const gallery = property.images?.gallery ?? []
  return (
    <article className="section shared-property" aria-labelledby="property-title">
      <div className="section__inner">
        <div className="shared-property__layout">
          <div>
            <figure className="shared-property__hero">
              <img
                src={property.heroImage?.large ?? '/images/shared/property-placeholder.svg'}
                alt={property.heroImage ? `Photo of ${property.name}` : ''}
                width={property.heroImage?.width ?? 1200}
                height={property.heroImage?.height ?? 750}
                decoding="async"
              />
            </figure>
            {gallery.length > 0 ? (
              <ul className="shared-property__gallery" aria-label="More photos">
                {gallery.map((image, index) => (
                  <li key={image.id}>
                    <a href={image.large}>
                      <img
                        src={image.card}
                        alt={`${property.name}, view ${index + 2}`}
                        width="400"
                        height="250"
                        loading="lazy"
                        decoding="async"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          <div className="shared-property__body">
            <p className="shared-property__type">
              {property.propertyType ?? 'Property'} <PropertyStatusBadge status={property.status} />
            </p>
            <h1 id="property-title" className="section__title">
              {property.name}
            </h1>
            <p className="shared-property__price">{formatRM(property.price)}</p>
            <dl className="details shared-property__facts">
              <dt>Size</dt>
              <dd>{property.size ? formatSqft(property.size.sqft) : '-'}</dd>
              <dt>Location</dt>
              <dd>{property.location ?? '-'}</dd>
              {property.lotNumber ? (
                <>
                  <dt>Lot</dt>
                  <dd>{property.lotNumber}</dd>
                </>
              ) : null}
            </dl>
            {property.description ? <p className="shared-property__description">{property.description}</p> : null}
            {property.facilities.length > 0 ? (
              <>
                <h2 className="shared-property__subtitle">Facilities</h2>
                <ul className="tags">
                  {property.facilities.map((facility) => (
                    <li key={facility} className="tag">
                      {facility}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {property.agency ? (
              <section className="listed-by" aria-labelledby="listed-by-title">
                <h2 id="listed-by-title" className="shared-property__subtitle">
                  Listed by
                </h2>
                <p className="listed-by__name">
                  <Link to={`/agency/${property.agency.id}`}>{property.agency.name}</Link>
                </p>
                <ul className="listed-by__contact">
                  {property.agency.contactEmail ? (
                    <li>
                      <a href={`mailto:${property.agency.contactEmail}`}>{property.agency.contactEmail}</a>
                    </li>
                  ) : null}
                  {property.agency.contactPhone ? (
                    <li>
                      <a href={telHref(property.agency.contactPhone)}>{property.agency.contactPhone}</a>
                    </li>
                  ) : null}
                </ul>
              </section>
            ) : null}
          </div>
        </div>
        <SignUpCallToAction returnTo={`/agent-properties/${property.id}`} subject="this property" />
      </div>
    </article>
  )
}

export function ErrorBoundary() {
  return <SharedViewErrorBoundary notFound="Property not found" />
}
