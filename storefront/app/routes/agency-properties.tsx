import { redirectDocument } from '@remix-run/node'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Await, Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { Suspense } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { listAgencyProperties } from '~/models/agency-properties.server'
import type { AgencyProperty } from '~/models/agency-properties.server'
import { ApiError } from '~/utils/api.server'
import { requireUser } from '~/utils/auth.server'
import { cacheControlHeaders } from '~/utils/cache-control.server'
import { AGENCY_PROPERTIES_MESSAGES } from '~/utils/account'
import { formatArea, formatRM } from '~/utils/format'
import { backofficePath } from '~/utils/redirects'
import { isAdminRole } from '~/utils/roles'

export const meta: MetaFunction = () => [{ title: 'Agency properties | Aero Property Booking' }]

type PropertiesResult = { ok: true; properties: AgencyProperty[] } | { ok: false; denied: boolean; message: string }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // Agent admins manage their agency's properties in their portfolio, in the backoffice.
  if (user.role === 'agent_admin') throw redirectDocument(backofficePath('/agent-properties'))

  if (user.agencyId === null) return { agencyName: null, denied: AGENCY_PROPERTIES_MESSAGES.noAgency, properties: null }
  if (!isAdminRole(user.role) && user.agencyStatus !== 'approved') {
    return { agencyName: user.agencyName, denied: AGENCY_PROPERTIES_MESSAGES.notApproved, properties: null }
  }
  // Not awaited: the page shows at once with its loading state, the cards stream in.
  const properties = loadProperties(request, user.agencyId)
  return { agencyName: user.agencyName, denied: null, properties }
}

export const headers = cacheControlHeaders

async function loadProperties(request: Request, agencyId: string | number): Promise<PropertiesResult> {
  try {
    return { ok: true, properties: (await listAgencyProperties(request, agencyId)).data }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 403) return { ok: false, denied: true, message: error.serverMessage ?? error.message }
    console.error(`Could not load the agency's properties: ${error.message}`)
    return {
      ok: false,
      denied: false,
      message: AGENCY_PROPERTIES_MESSAGES.failed(error.serverMessage ?? error.message),
    }
  }
}

/** Properties shared by the user's agency (requirements: account.md#agency-properties). */
export default function AgencyPropertiesRoute() {
  const { agencyName, denied, properties } = useLoaderData<typeof loader>()
  return (
    <section className="section account-page">
      <div className="section__inner">
        <h1 className="section__title">Agency Properties</h1>
        {agencyName ? <p className="account-page__lead">Properties shared by {agencyName}.</p> : null}

        {denied || !properties ? (
          <AccessMessage message={denied ?? AGENCY_PROPERTIES_MESSAGES.noAgency} />
        ) : (
          <Suspense fallback={<Loading />}>
            <Await resolve={properties}>
              {(result) =>
                result.ok ? (
                  <PropertyCards properties={result.properties} />
                ) : result.denied ? (
                  <AccessMessage message={result.message} />
                ) : (
                  <LoadFailed message={result.message} />
                )
              }
            </Await>
          </Suspense>
        )}
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

function Loading() {
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      Loading agency properties…
    </p>
  )
}

function AccessMessage({ message }: { message: string }) {
  return (
    <div className="empty-state">
      <p className="alert alert--warning" role="alert">
        {message}
      </p>
      <p>
        <Link to="/agency-request" className="button button--primary">
          Request agency membership
        </Link>
      </p>
    </div>
  )
}

function LoadFailed({ message }: { message: string }) {
  const navigation = useNavigation()
  return (
    <div className="empty-state">
      <p className="alert alert--error" role="alert">
        {message}
      </p>
      {/* A plain GET of this page: loads it again, with or without JavaScript. */}
      <Form method="get" replace>
        <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
          Try Again
        </button>
      </Form>
    </div>
  )
}

function PropertyCards({ properties }: { properties: AgencyProperty[] }) {
  if (properties.length === 0) {
    return (
      <div className="empty-state">
        <h2 className="empty-state__title">No properties shared yet</h2>
        <p>Your agency has not shared any properties yet. Check back soon.</p>
        <Link to="/aero-industrial-hub" className="button button--primary">
          Browse available lots
        </Link>
      </div>
    )
  }
  return (
    <ul className="property-cards">
      {properties.map((property) => (
        <li key={property.id}>
          <PropertyCard property={property} />
        </li>
      ))}
    </ul>
  )
}

function PropertyCard({ property }: { property: AgencyProperty }) {
  const lot = property.lot ?? property.unit
  const details = property.propertyDetails
  const name = property.displayName || details?.customTitle || lot?.unitNumber || `Property ${property.id}`
  const type = details?.propertyType || lot?.type || 'Property'
  const price = property.marketingInfo?.askingPrice ?? details?.price ?? lot?.price ?? null
  const sizeSqm = details?.size ?? lot?.landSize ?? null
  const titleId = `agency-property-${property.id}`
  return (
    <article className="card property-card" aria-labelledby={titleId}>
      {property.heroImage ? (
        <img src={property.heroImage.card} alt="" className="property-card__image" loading="lazy" />
      ) : null}
      <div className="property-card__body">
        <p className={`property-status property-status--${property.status}`}>{property.status}</p>
        <h2 id={titleId} className="card__title">
          {name}
        </h2>
        <dl className="details">
          <dt>Type</dt>
          <dd>{type}</dd>
          <dt>Price</dt>
          <dd>{formatRM(price)}</dd>
          <dt>Size</dt>
          <dd>{formatArea(sizeSqm)}</dd>
          {details?.location ? (
            <>
              <dt>Location</dt>
              <dd>{details.location}</dd>
            </>
          ) : null}
        </dl>
        {property.description ? <p className="property-card__description">{property.description}</p> : null}
        <Link to={`/agent-properties/${property.id}`} className="button button--ghost button--small">
          View Details
        </Link>
      </div>
    </article>
  )
}
