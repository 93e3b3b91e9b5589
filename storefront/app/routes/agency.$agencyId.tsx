import { data } from '@remix-run/node'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { telHref } from '~/components/public/contact/contact-channels'
import { pageMeta } from '~/components/public/meta'
import { PropertyCard, SharedViewErrorBoundary, SignUpCallToAction } from '~/components/public/shared/shared-views'
import { getPublicAgency } from '~/models/agencies.server'
import type { AgencyProfile } from '~/models/agencies.server'
import { listAgencyProperties } from '~/models/portfolio.server'
import type { PublicProperty } from '~/models/portfolio.server'
import { ApiError } from '~/utils/api.server'
import {
  cacheControlHeaders,
  isBackendUnavailable,
  markDegraded,
  pageData,
  pageUnavailable,
} from '~/utils/cache-control.server'
import { truncateText } from '~/utils/format'
import sharedStyles from '~/components/public/shared/shared-views.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: sharedStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page, location }) => {
  const agency = page?.agency
  if (!agency) return [{ title: 'Agency not found | Aero Property Booking' }, { name: 'robots', content: 'noindex' }]
  return pageMeta({
    title: `${agency.name}: properties`,
    description: truncateText(agency.description ?? `Properties shared by ${agency.name}.`, 160),
    path: location.pathname,
    origin: page.origin,
    image:
      page.properties.find((property) => property.heroImage)?.heroImage?.large ?? '/images/og/aero-industrial-hub.png',
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.agencyId)
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Agency not found' }, { status: 404 })
  const origin = new URL(request.url).origin
  const [agency, properties] = await Promise.all([
    getPublicAgency(request, id).then(
      (response) => response.data,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404)
          throw data({ message: 'Agency not found' }, { status: 404 })
        if (!(error instanceof ApiError)) throw error
        console.error(`Shared agency ${id}: ${error.message}`)
        // The agency is the page; its property list alone may fail and the page still shows.
        if (isBackendUnavailable(error)) throw pageUnavailable('Failed to load agency data')
        markDegraded(request)
        return null
      }
    ),
    listAgencyProperties(request, id).then(
      (response) => response.data,
      (error: unknown) => {
        if (!(error instanceof ApiError)) throw error
        if (error.status !== 404) console.error(`Properties of agency ${id}: ${error.message}`)
        markDegraded(request)
        return null
      }
    ),
  ])
  return pageData(request, {
    agency: agency as AgencyProfile | null,
    properties: properties ?? ([] as PublicProperty[]),
    loadError: agency && properties ? null : 'Failed to load agency data',
    origin,
  })
}

export const headers = cacheControlHeaders

/** Shared agency view: the agency, its contact, its properties (requirements: public-site.md#shared-agency-view). */
export default function SharedAgencyRoute() {
  const { agency, properties, loadError } = useLoaderData<typeof loader>()
  if (!agency) {
    return (
      <section className="section">
        <div className="section__inner section__inner--narrow">
          <h1 className="section__title">Agency</h1>
          <p className="alert alert--error" role="alert">
            {loadError}
          </p>
        </div>
      </section>
    )
  }
  return (
    <>
      <section className="page-hero" aria-labelledby="agency-title">
        <div className="page-hero__inner page-hero__inner--single">
          <p className="hero__eyebrow">Real-estate agency</p>
          <h1 id="agency-title" className="page-hero__title">
            {agency.name}
          </h1>
          {agency.description ? <p className="page-hero__lead">{agency.description}</p> : null}
          <ul className="agency-contact">
            <li>
              <a href={`mailto:${agency.contactEmail}`}>{agency.contactEmail}</a>
            </li>
            {agency.contactPhone ? (
              <li>
                <a href={telHref(agency.contactPhone)}>{agency.contactPhone}</a>
              </li>
            ) : null}
            {agency.address ? <li>{agency.address}</li> : null}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="agency-properties-title">
        <div className="section__inner">
          <h2 id="agency-properties-title" className="section__title">
            Properties from {agency.name}
          </h2>
          {loadError ? (
            <p className="alert alert--error" role="alert">
              {loadError}
            </p>
          ) : properties.length === 0 ? (
            <p className="no-results">No properties available from this agency at the moment.</p>
          ) : (
            <ul className="listing-grid">
              {properties.map((property) => (
                <PropertyCard key={property.id} property={property} />
              ))}
            </ul>
          )}
          <SignUpCallToAction returnTo={`/agency/${agency.id}`} subject={`properties from ${agency.name}`} />
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <SharedViewErrorBoundary notFound="Agency not found" />
}
