import { data } from '@remix-run/node'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SessionBanner } from '~/components/account/session-banner'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SiteFooter } from '~/components/site-footer'
import type { SiteContact } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { getSiteContact } from '~/models/contact.server'
import { toSessionUser } from '~/models/session-user'
import accountStyles from '~/styles/account.css?url'
import appStyles from '~/styles/app.css?url'
import publicStyles from '~/styles/public.css?url'
import { cookieHeaders } from '~/utils/api.server'
import { getViewer } from '~/utils/auth.server'
import { useNonce } from '~/utils/nonce'

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: appStyles },
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: publicStyles },
]

export const meta: MetaFunction = () => [
  { title: 'Aero Property Booking' },
  {
    name: 'description',
    content: 'Browse and book industrial shop lots at the Aero Industrial Hub near Nilai, Negeri Sembilan.',
  },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  // The session banner's clock: when the sign-in ends, and the server's time now.
  const session = viewer.user ? { expiresAt: viewer.sessionExpiresAt, renderedAt: Date.now() } : null
  // CONTACT_EMAIL and CONTACT_PHONE, with demo values when unset.
  const { email, phone } = getSiteContact()
  const contact: SiteContact = { email, phone }
  return data(
    { user: viewer.user ? toSessionUser(viewer.user) : null, contact, session },
    { headers: cookieHeaders(viewer.setCookies) }
  )
}

export function Layout({ children }: { children: ReactNode }) {
  // Undefined when the root loader itself failed: draw the signed-out chrome.
  const rootData = useRouteLoaderData<typeof loader>('root')
  const user = rootData?.user ?? null
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        <Links />
        <noscript>
          {/* Without JavaScript the menus cannot toggle, so show them open. */}
          <style>
            {'.site-menu{display:flex}.profile__menu[hidden]{display:block;position:static;box-shadow:none}'}
          </style>
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader user={user} />
        {user && rootData?.session ? (
          <SessionBanner expiresAt={rootData.session.expiresAt} renderedAt={rootData.session.renderedAt} />
        ) : null}
        <main id="main" tabIndex={-1} className="site-main">
          {children}
        </main>
        <SiteFooter signedIn={user !== null} contact={rootData?.contact ?? { email: null, phone: null }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
