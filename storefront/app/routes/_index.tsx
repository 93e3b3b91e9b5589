import { data } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Suspense, lazy } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { hubAction, isPropertiesHost, loadHub } from '~/components/public/hub/hub.server'
import { LandingPage } from '~/components/public/landing/landing-page'
import { loadLandingFigures } from '~/components/public/landing/landing.server'
import { hubMeta, pageMeta } from '~/components/public/meta'
import { getSiteContact, submitContactForm } from '~/models/contact.server'
import { isWaitlistResult } from '~/models/waitlist'
import type { loader as rootLoader } from '~/root'
import { assertSameOrigin } from '~/utils/auth.server'
import { cacheControlHeaders, pageData } from '~/utils/cache-control.server'
import { headerLinks } from '~/utils/navigation'
import landingStyles from '~/components/public/landing/landing.css?url'
import hubStyles from '~/components/public/hub/hub.css?url'
import bookingStyles from '~/components/booking/booking.css?url'
import waitlistStyles from '~/components/public/lot-type/waitlist.css?url'

// Only the properties sub-domain shows the hub here: the landing page does not load its code.
const HubPage = lazy(() => import('~/components/public/hub/hub-page').then((module) => ({ default: module.HubPage })))

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: landingStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page, location }) =>
  page?.page === 'hub'
    ? hubMeta(location.pathname, page.hub.origin, page.hub.development)
    : pageMeta({
        title: 'Industrial shop lots near KLIA and Nilai',
        description: `${page?.page === 'landing' && page.figures.phase !== null ? `Phase ${page.figures.phase} shop` : 'Shop'} lots at the Aero Industrial Hub near Nilai, Negeri Sembilan, and the Mahkota Kampar launch. Live availability, virtual tours and booking through your agency.`,
        path: '/',
        origin: page?.origin,
      })

/** `/` is the landing page, except on the properties sub-domain, where it is the hub. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (isPropertiesHost(request)) {
    return pageData(request, { page: 'hub' as const, hub: await loadHub(request) })
  }
  return pageData(request, {
    page: 'landing' as const,
    contact: getSiteContact(),
    contactOpen: url.searchParams.get('contact') === 'open',
    origin: url.origin,
    figures: await loadLandingFigures(request),
  })
}

export const headers = cacheControlHeaders

export async function action({ request }: ActionFunctionArgs) {
  if (isPropertiesHost(request)) return hubAction(request)
  assertSameOrigin(request)
  const form = await request.formData()
  if (form.get('intent') !== 'contact') throw data({ message: 'Unknown form.' }, { status: 400 })
  const { result, status } = await submitContactForm(request, form)
  return data(result, { status })
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent')
  // A contact message changes no data; a membership request reloads 2 s after its message.
  if (intent === 'contact' || intent === 'request-agency') return false
  return defaultShouldRevalidate
}

export default function IndexRoute() {
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const rootData = useRouteLoaderData<typeof rootLoader>('root')

  if (page.page === 'hub') {
    return (
      <Suspense fallback={<p className="section">Loading the lots…</p>}>
        {/* The landing's sheet is the route's; on this host the page is the hub, with its sheets. */}
        <link rel="stylesheet" href={hubStyles} />
        <link rel="stylesheet" href={bookingStyles} />
        <link rel="stylesheet" href={waitlistStyles} />
        <HubPage
          hub={page.hub}
          formAction="/?index"
          membershipResult={actionData?.intent === 'request-agency' ? actionData : null}
          lotEditResult={actionData?.intent === 'update-lot' ? actionData : null}
          waitlistResult={isWaitlistResult(actionData) ? actionData : null}
        />
      </Suspense>
    )
  }

  // Signed in, 'Get Started' becomes the way to the user's own dashboard or panel.
  const panel = headerLinks(rootData?.user ?? null).account?.panel
  const getStarted = panel
    ? { to: panel.to, label: 'Go to my dashboard', reloadDocument: panel.reloadDocument }
    : { to: '/register', label: 'Get Started', reloadDocument: false }
  const contactResult = actionData?.intent === 'contact' ? actionData : null

  return (
    <LandingPage
      contact={page.contact}
      contactOpen={page.contactOpen || contactResult !== null}
      contactResult={contactResult}
      getStarted={getStarted}
      figures={page.figures}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
