import { GeneralErrorBoundary } from '~/components/error-boundary'

// Any address no other route claims.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return <GeneralErrorBoundary />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
