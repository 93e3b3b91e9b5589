import { Link } from '@remix-run/react'
import { useState } from 'react'
import { DialogTrigger } from '~/components/public/dialog-trigger'
import { ContactDialog } from '~/components/public/contact/contact-dialog'
import { ChannelIcon, whatsappHref } from '~/components/public/contact/contact-channels'
import type { ContactResult } from '~/components/public/contact/contact-rules'
import { Icon } from '~/components/public/landing/icons'
import { HUB_ADDRESS, LANDMARKS, WHY_US } from '~/components/public/landing/landing-content'
import { LandmarkSlider } from '~/components/public/landing/landmark-slider'
import { MapEmbed } from '~/components/public/landing/map-embed'
import { VirtualTours } from '~/components/public/landing/virtual-tours'
import type { SiteContact } from '~/models/contact.server'
import type { LandingFigures } from '~/components/public/landing/landing.server'
import { FactList, developmentFacts, type Fact } from '~/components/public/development-facts'
import { formatWholeNumber } from '~/utils/format'

interface LandingPageProps {
  contact: SiteContact
  /** The dialog starts open: `?contact=open`, or a message posted without JavaScript. */
  contactOpen: boolean
  contactResult: ContactResult | null
  getStarted: { to: string; label: string; reloadDocument: boolean }
  figures: LandingFigures
}

/** The facts block: the development's figures and the partner agencies, only as the data gave them. */
export function landingFacts(figures: LandingFigures): Fact[] {
  const facts = developmentFacts(figures)
  if (figures.partnerAgencies !== null) facts.push(['Partner agencies', formatWholeNumber(figures.partnerAgencies)])
  return facts
}

/** The main landing page: every block of it (requirements: public-site.md#landing-page). */
export function LandingPage({ contact, contactOpen, contactResult, getStarted, figures }: LandingPageProps) {
  const facts = landingFacts(figures)
  const [dialogOpen, setDialogOpen] = useState(contactOpen)
  const [openCount, setOpenCount] = useState(0)
  const openContact = () => {
    setOpenCount((count) => count + 1)
    setDialogOpen(true)
  }

  return (
    <>
      <section className="hero hero--landing" aria-labelledby="hero-title">
        <div className="hero__inner hero__grid">
          <div>
            <p className="hero__eyebrow">
              Nilai, Negeri Sembilan · {figures.phase !== null ? `Phase ${figures.phase} now booking` : 'Now booking'}
            </p>
            <h1 id="hero-title" className="hero__title">
              Industrial shop lots minutes from KLIA
            </h1>
            <p className="hero__lead">
              The Aero Industrial Hub&apos;s
              {figures.totalUnits !== null ? ` ${formatWholeNumber(figures.totalUnits)}` : ''} two-storey shop lots, and
              the new Mahkota Kampar launch. See live availability, land areas in square metres and feet and prices in
              ringgit, then book through your agency.
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
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="section" id="about" aria-labelledby="about-title">
        <div className="section__inner about">
          <div>
            <p className="section__eyebrow">About us</p>
            <h2 id="about-title" className="section__title">
              Property for the businesses of the KLIA corridor
            </h2>
            <p>
              We market and sell the Aero Industrial Hub, a development of shop lots and light-industrial units between
              Nilai and the airport, together with selected new launches such as Mahkota Kampar in Perak.
            </p>
            <p>
              Buyers book through approved real-estate agencies: your agent admin reviews your request, the developer
              confirms it, and every step is recorded.
            </p>
          </div>
          {facts.length > 0 && <FactList facts={facts} className="facts" />}
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="why-title">
        <div className="section__inner">
          <h2 id="why-title" className="section__title">
            Why buy with us
          </h2>
          <ul className="why-grid">
            {WHY_US.map((reason) => (
              <li key={reason.title} className="card why-card">
                <span className="why-card__icon">
                  <Icon name={reason.icon} />
                </span>
                <h3 className="card__title">{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="landmarks-title">
        <div className="section__inner">
          <h2 id="landmarks-title" className="section__title">
            Landmarks nearby
          </h2>
          <LandmarkSlider slides={LANDMARKS} label="Landmarks near the Aero Industrial Hub" />
        </div>
      </section>

      <section className="section section--muted" id="tours" aria-labelledby="tours-title">
        <div className="section__inner">
          <h2 id="tours-title" className="section__title">
            Virtual tours
          </h2>
          <p className="section__lead">Animated walkthroughs of the site plan, the street and a lot's interior.</p>
          <VirtualTours />
        </div>
      </section>

      <section className="section" aria-labelledby="featured-title">
        <div className="section__inner">
          <h2 id="featured-title" className="section__title">
            Featured property
          </h2>
          <article className="featured-card">
            <Link to="/mahkota-kampar" className="featured-card__media" tabIndex={-1} aria-hidden="true">
              <img src="/images/mahkota/facade.svg" alt="" width="960" height="600" loading="lazy" decoding="async" />
            </Link>
            <div className="featured-card__body">
              <p className="featured-card__badges">
                <span className="pill pill--gold">Featured</span>
                <span className="pill pill--teal">New launch</span>
              </p>
              <h3 className="featured-card__title">
                <Link to="/mahkota-kampar">Mahkota Kampar</Link>
              </h3>
              <p>
                Double-storey shop offices beside the Kampar university town, Perak. Launched in 2024, with frontage on
                Jalan Mahkota and parking for every row.
              </p>
              <div className="featured-card__actions">
                <Link to="/mahkota-kampar" className="button button--primary">
                  View Mahkota Kampar
                </Link>
                <Link to="/aero-industrial-hub" className="button button--ghost">
                  Learn more about the hub
                </Link>
              </div>
            </div>
          </article>
        </div>
      </section>

      <section className="section section--muted" id="location" aria-labelledby="location-title">
        <div className="section__inner">
          <h2 id="location-title" className="section__title">
            Location
          </h2>
          <div className="location">
            <div className="location__text">
              <p className="location__address">
                <Icon name="pin" size={22} />
                <span>{HUB_ADDRESS}</span>
              </p>
              <p>
                Off the Nilai–KLIA road, between the Nilai interchange of the North-South Expressway and the airport.
              </p>
              <MapEmbed />
            </div>
            <ul className="location__maps">
              <li>
                <figure>
                  <img
                    src="/images/maps/region.svg"
                    alt="Regional map: Nilai between Kuala Lumpur, Putrajaya, KLIA and Seremban"
                    width="640"
                    height="480"
                    loading="lazy"
                    decoding="async"
                  />
                  <figcaption>The KLIA corridor</figcaption>
                </figure>
              </li>
              <li>
                <figure>
                  <img
                    src="/images/maps/site-access.svg"
                    alt="Access map: from the Nilai interchange along the Nilai–KLIA road to Jalan Aero Industri"
                    width="640"
                    height="480"
                    loading="lazy"
                    decoding="async"
                  />
                  <figcaption>Getting to Phase 4</figcaption>
                </figure>
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section contact-block" id="contact" aria-labelledby="contact-title">
        <div className="section__inner contact-block__inner">
          <div>
            <h2 id="contact-title" className="section__title">
              Talk to our sales team
            </h2>
            <p>
              Call <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> or email{' '}
              <a href={`mailto:${contact.email}`}>{contact.email}</a>, Monday to Saturday, 9 am to 6 pm.
            </p>
          </div>
          <div className="contact-block__actions">
            <a
              className="button button--whatsapp"
              href={whatsappHref(contact, 'Hello, I would like to know more about the Aero Industrial Hub.')}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChannelIcon kind="whatsapp" />
              Chat on WhatsApp
            </a>
            <DialogTrigger href="/?contact=open#contact-dialog" onOpen={openContact} className="button button--accent">
              Send Message
            </DialogTrigger>
          </div>
        </div>
      </section>

      <ContactDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Contact us"
        subject="the Aero Industrial Hub"
        contact={contact}
        action="/?index"
        pageResult={contactResult}
        closeHref="/#contact"
        openCount={openCount}
      />
    </>
  )
}

/** Two-storey shop lots under a passing airliner (decorative). */
function HeroIllustration() {
  return (
    <svg className="hero__art" viewBox="0 0 480 320" width="480" height="320" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5eead4" stopOpacity="0.35" />
          <stop offset="1" stopColor="#5eead4" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="380" cy="70" r="38" fill="#fbbf24" opacity="0.85" />
      <rect x="0" y="0" width="480" height="320" fill="url(#hero-sky)" />
      <path d="M60 86l58-14 6 4-30 12 34 2 10-8 6 1-4 10 10 3-4 3-12-1-8 7h-6l4-9-48-2-20 6z" fill="#e3eaf4" />
      <g>
        {[0, 1, 2, 3, 4, 5].map((index) => {
          const x = 24 + index * 74
          const corner = index === 0 || index === 5
          return (
            <g key={index}>
              <rect x={x} y={150} width={70} height={130} fill={corner ? '#f8fafc' : '#e2e8f0'} />
              <rect x={x} y={142} width={70} height={10} fill="#0d9488" />
              <rect x={x + 8} y={162} width={24} height={30} fill="#93c5fd" />
              <rect x={x + 38} y={162} width={24} height={30} fill="#93c5fd" />
              <rect x={x + 6} y={210} width={58} height={6} fill="#0b2545" opacity="0.5" />
              <rect x={x + 8} y={222} width={54} height={58} fill="#94a3b8" />
              {[0, 1, 2, 3, 4, 5].map((line) => (
                <rect key={line} x={x + 8} y={228 + line * 9} width={54} height={2} fill="#64748b" />
              ))}
            </g>
          )
        })}
      </g>
      <rect x="0" y="280" width="480" height="40" fill="#13315c" />
      <rect x="20" y="298" width="60" height="4" fill="#fbbf24" />
      <rect x="140" y="298" width="60" height="4" fill="#fbbf24" />
      <rect x="260" y="298" width="60" height="4" fill="#fbbf24" />
      <rect x="380" y="298" width="60" height="4" fill="#fbbf24" />
    </svg>
  )
}
