import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HubPage } from '~/components/public/hub/hub-page'
import { hubAction, loadHub } from '~/components/public/hub/hub.server'
import { hubMeta } from '~/components/public/meta'
import { isWaitlistResult } from '~/models/waitlist'
import { cacheControlHeaders, pageData } from '~/utils/cache-control.server'
import hubStyles from '~/components/public/hub/hub.css?url'
import bookingStyles from '~/components/booking/booking.css?url'
import waitlistStyles from '~/components/public/lot-type/waitlist.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: hubStyles },
  { rel: 'stylesheet', href: bookingStyles },
  { rel: 'stylesheet', href: waitlistStyles },
]

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  hubMeta(location.pathname, data?.origin, data?.development)

export async function loader({ request }: LoaderFunctionArgs) {
  return pageData(request, await loadHub(request))
}

export const headers = cacheControlHeaders

export function action({ request }: ActionFunctionArgs) {
  return hubAction(request)
}

// A membership request keeps its success message on screen; the page reloads 2 s later.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'request-agency' ? false : defaultShouldRevalidate

export default function AeroIndustrialHubRoute() {
  const hub = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <HubPage
      hub={hub}
      formAction="/aero-industrial-hub"
      membershipResult={actionData?.intent === 'request-agency' ? actionData : null}
      lotEditResult={actionData?.intent === 'update-lot' ? actionData : null}
      waitlistResult={isWaitlistResult(actionData) ? actionData : null}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
