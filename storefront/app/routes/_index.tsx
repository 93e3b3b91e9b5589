import type { MetaFunction } from '@remix-run/node'
import { Link, useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '~/root'
import { headerLinks } from '~/utils/navigation'

export const meta: MetaFunction = () => [
  { title: 'Aero Industrial Hub | Aero Property Booking' },
  {
    name: 'description',
    content: 'Phase 4 industrial shop lots at the Aero Industrial Hub near Nilai, Negeri Sembilan. See availability and request a booking.',
  },
]

const STEPS = [
  {
    title: 'Create an account',
    text: 'Register with your name and email. It takes a minute.',
  },
  {
    title: 'Join your agency',
    text: 'Ask to join the agency you work with. Once its agent admin approves you, you can request bookings.',
  },
  {
    title: 'Request a lot',
    text: 'Pick an available lot and send your request. Your agency reviews it, then the developer confirms it.',
  },
] as const

export default function LandingPage() {
  const rootData = useRouteLoaderData<typeof rootLoader>('root')
  // Signed in, 'Get Started' becomes the way to the user's own dashboard or panel.
  const panel = headerLinks(rootData?.user ?? null).account?.panel
  const getStarted = panel
    ? { to: panel.to, label: 'Go to my dashboard', reloadDocument: panel.reloadDocument }
    : { to: '/register', label: 'Get Started', reloadDocument: false }

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">Near Nilai, Negeri Sembilan</p>
          <h1 id="hero-title" className="hero__title">
            Aero Industrial Hub
          </h1>
          <p className="hero__lead">
            Industrial shop lots in Phase 4 of the hub, launched in 2024. See which lots are available, their land
            area in square metres and feet, and their price in ringgit, then request a booking through your agency.
          </p>
          <div className="hero__actions">
            <Link to="/aero-industrial-hub" className="button button--accent">
              Explore Properties
            </Link>
            <Link
              to={getStarted.to}
              reloadDocument={getStarted.reloadDocument}
              className="button button--ghost-light"
            >
              {getStarted.label}
            </Link>
          </div>
          <dl className="hero__facts">
            <div>
              <dt>Units</dt>
              <dd>24</dd>
            </div>
            <div>
              <dt>Phase</dt>
              <dd>4</dd>
            </div>
            <div>
              <dt>Launched</dt>
              <dd>2024</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="section__inner">
          <h2 id="steps-title" className="section__title">
            How booking works
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="card__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="featured-title">
        <div className="section__inner feature">
          <div>
            <p className="feature__badge">New launch</p>
            <h2 id="featured-title" className="section__title">
              Mahkota Kampar
            </h2>
            <p>Our featured development. See the gallery, features and location of the launch.</p>
          </div>
          <div className="feature__actions">
            <Link to="/mahkota-kampar" className="button button--primary">
              View Mahkota Kampar
            </Link>
            <Link to="/aero-industrial-hub" className="button button--ghost">
              Learn more about the hub
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
