import { data } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ContactDialog } from '~/components/public/contact/contact-dialog'
import { DialogTrigger } from '~/components/public/dialog-trigger'
import { Gallery } from '~/components/public/launch/gallery'
import { LAUNCH_GALLERY, LAUNCH_TABS, type LaunchTab } from '~/components/public/launch/launch-content'
import { Tabs } from '~/components/public/launch/tabs'
import { pageMeta } from '~/components/public/meta'
import { getSiteContact, submitContactForm } from '~/models/contact.server'
import { assertSameOrigin } from '~/utils/auth.server'
import launchStyles from '~/components/public/launch/launch.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: launchStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  pageMeta({
    title: 'Mahkota Kampar: new launch of shop offices in Kampar, Perak',
    description:
      'Mahkota Kampar, launched in 2024: double-storey shop offices beside the Kampar university town, Perak. Gallery, features, location and investment notes.',
    path: '/mahkota-kampar',
    origin: page?.origin,
    image: '/images/og/mahkota-kampar.png',
  })

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const tab = LAUNCH_TABS.find((known) => known === url.searchParams.get('tab')) ?? 'overview'
  const image = Number(url.searchParams.get('image'))
  return {
    contact: getSiteContact(),
    contactOpen: url.searchParams.get('contact') === 'open',
    tab,
    image: Number.isInteger(image) && image >= 1 && image <= LAUNCH_GALLERY.length ? image - 1 : 0,
    origin: url.origin,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  if (form.get('intent') !== 'contact') throw data({ message: 'Unknown form.' }, { status: 400 })
  const { result, status } = await submitContactForm(request, form)
  return data(result, { status })
}

// A contact message changes no data on the page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'contact' ? false : defaultShouldRevalidate

export default function MahkotaKamparRoute() {
  const { contact, contactOpen, tab, image } = useLoaderData<typeof loader>()
  const contactResult = useActionData<typeof action>() ?? null
  const [dialogOpen, setDialogOpen] = useState(contactOpen || contactResult !== null)
  const [openCount, setOpenCount] = useState(0)

  return (
    <>
      <section className="launch-hero" aria-labelledby="launch-title">
        <div className="launch-hero__inner">
          <p className="launch-hero__badges">
            <span className="pill pill--gold">Featured</span>
            <span className="pill pill--teal">New launch</span>
          </p>
          <h1 id="launch-title" className="launch-hero__title">
            Mahkota Kampar
          </h1>
          <p className="launch-hero__lead">
            Double-storey shop offices beside the Kampar university town, Perak. Launched in 2024.
          </p>
          <dl className="launch-hero__facts">
            <div>
              <dt>Location</dt>
              <dd>Kampar, Perak</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>Shop offices</dd>
            </div>
            <div>
              <dt>Launch year</dt>
              <dd>2024</dd>
            </div>
          </dl>
          <div className="launch-hero__actions">
            <DialogTrigger
              href="/mahkota-kampar?contact=open#contact-dialog"
              onOpen={() => {
                setOpenCount((count) => count + 1)
                setDialogOpen(true)
              }}
              className="button button--accent"
            >
              Contact Agent
            </DialogTrigger>
            <Link to="/aero-industrial-hub" className="button button--ghost-light">
              See the Aero Industrial Hub
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="gallery-title">
        <div className="section__inner">
          <h2 id="gallery-title" className="visually-hidden">
            Gallery
          </h2>
          <Gallery
            images={LAUNCH_GALLERY}
            initial={image}
            hrefFor={(index) => `/mahkota-kampar?image=${index + 1}#gallery`}
          />
        </div>
      </section>

      <section className="section section--muted" id="details" aria-labelledby="details-title">
        <div className="section__inner">
          <h2 id="details-title" className="section__title">
            About the launch
          </h2>
          <Tabs<LaunchTab>
            label="About Mahkota Kampar"
            initial={tab}
            hrefFor={(id) => `/mahkota-kampar?tab=${id}#details`}
            tabs={[
              { id: 'overview', label: 'Overview', content: <OverviewPanel /> },
              { id: 'features', label: 'Features', content: <FeaturesPanel /> },
              { id: 'location', label: 'Location', content: <LocationPanel /> },
              { id: 'investment', label: 'Investment', content: <InvestmentPanel /> },
            ]}
          />
        </div>
      </section>

      <ContactDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Contact an agent about Mahkota Kampar"
        subject="Mahkota Kampar"
        contact={contact}
        action="/mahkota-kampar"
        pageResult={contactResult}
        closeHref="/mahkota-kampar"
        openCount={openCount}
      />
    </>
  )
}

function OverviewPanel() {
  return (
    <div className="prose">
      <h3>A new address for business in Kampar</h3>
      <p>
        Mahkota Kampar is a row of double-storey shop offices on Jalan Mahkota, a short drive from the Kampar campus of
        Universiti Tunku Abdul Rahman and the old town centre. Each unit has an open ground floor for retail or food and
        beverage, and a first floor for offices, tuition centres or clinics.
      </p>
      <dl className="key-facts">
        <div>
          <dt>Developer's launch</dt>
          <dd>2024</dd>
        </div>
        <div>
          <dt>Unit type</dt>
          <dd>Double-storey shop office</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>Jalan Mahkota, 31900 Kampar, Perak</dd>
        </div>
      </dl>
    </div>
  )
}

function FeaturesPanel() {
  return (
    <div className="prose">
      <h3>Features</h3>
      <ul className="feature-list">
        <li>Open-plan ground and first floors, with a rear staircase for separate first-floor tenants</li>
        <li>Frontage on Jalan Mahkota with covered five-foot walkways</li>
        <li>Parking bays along every row and a rear service lane</li>
        <li>Three-phase power supply and fibre broadband ready</li>
        <li>Corner units with side frontage and signage space</li>
        <li>Street lighting and landscaped frontage along the main road</li>
      </ul>
    </div>
  )
}

function LocationPanel() {
  return (
    <div className="map-soon">
      <svg viewBox="0 0 120 120" width="96" height="96" aria-hidden="true" focusable="false" className="map-soon__art">
        <rect x="8" y="8" width="104" height="104" rx="14" fill="#e3eaf4" />
        <path d="M8 76 L50 52 L112 70" stroke="#94a3b8" strokeWidth="6" fill="none" />
        <path d="M40 8 L56 112" stroke="#cbd5e1" strokeWidth="8" fill="none" />
        <path d="M60 30a16 16 0 0 0-16 16c0 12 16 30 16 30s16-18 16-30a16 16 0 0 0-16-16z" fill="#0d9488" />
        <circle cx="60" cy="46" r="6" fill="#ffffff" />
      </svg>
      <div>
        <h3>Map coming soon</h3>
        <p>The interactive map of Mahkota Kampar is being prepared.</p>
        <p>
          <strong>Address:</strong> Jalan Mahkota, 31900 Kampar, Perak. About 5 minutes to the Kampar campus of UTAR and
          the town centre, and about 35 minutes to Ipoh by the North-South Expressway.
        </p>
      </div>
    </div>
  )
}

function InvestmentPanel() {
  return (
    <div className="prose">
      <h3>Why invest</h3>
      <ul className="feature-list">
        <li>Year-round footfall from the university town's students and staff</li>
        <li>
          Ground floor suited to cafés, convenience stores and services; first floor to offices and tuition centres
        </li>
        <li>Few new commercial launches nearby, in a town with a growing population</li>
        <li>Booking through approved agencies, with every step of the request recorded</li>
      </ul>
      <p>Prices and the launch price list are available from our agents: use Contact Agent above.</p>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
