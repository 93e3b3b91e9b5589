import { Link } from '@remix-run/react'
import { formatYear } from '~/utils/format'

export interface SiteContact {
  email: string | null
  phone: string | null
}

export function SiteFooter({ signedIn, contact }: { signedIn: boolean; contact: SiteContact }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__title">
            Aero Property Booking
          </h2>
          <p>Industrial shop lots and new launches in Malaysia, booked through your agency.</p>
        </section>

        <nav className="site-footer__links" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__title">
            Quick links
          </h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/aero-industrial-hub">Aero Industrial Hub</Link>
            </li>
            <li>
              <Link to="/mahkota-kampar">Mahkota Kampar</Link>
            </li>
            {signedIn ? (
              <li>
                <Link to="/profile">My profile</Link>
              </li>
            ) : (
              <>
                <li>
                  <Link to="/login">Login</Link>
                </li>
                <li>
                  <Link to="/register">Register</Link>
                </li>
              </>
            )}
          </ul>
        </nav>

        {contact.email || contact.phone ? (
          <section className="site-footer__contact" aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__title">
              Contact
            </h2>
            <ul>
              {contact.email ? (
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              ) : null}
              {contact.phone ? (
                <li>
                  <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </div>
      <nav className="site-footer__policies" aria-label="Policies">
        <ul>
          <li>
            <Link to="/policies#privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/policies#dpo">Data Protection Officer</Link>
          </li>
          <li>
            <Link to="/policies#terms">Terms of Use</Link>
          </li>
          <li>
            <Link to="/policies#booking">Booking Policy</Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__legal">
        © {formatYear(new Date())} Aero Property Booking. Prices in Malaysian ringgit (RM).
      </p>
    </footer>
  )
}
