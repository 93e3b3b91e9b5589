import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/components/public/meta'
import { getSiteContact } from '~/models/contact.server'
import { getDataProtectionOfficer } from '~/models/data-protection-officer.server'
import { DataProtectionOfficerContact } from '~/components/data-protection-officer'

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  pageMeta({
    title: 'Policies',
    description:
      'How Aero Property Booking handles personal data, the terms of using the site, and how booking requests work.',
    path: '/policies',
    origin: page?.origin,
  })

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    contact: getSiteContact(),
    officer: await getDataProtectionOfficer(request),
    origin: new URL(request.url).origin,
  }
}

/** The footer's policy anchors: privacy, terms of use and bookings. */
export default function PoliciesRoute() {
  const { contact, officer } = useLoaderData<typeof loader>()
  return (
    <section className="section">
      <div className="section__inner section__inner--narrow prose">
        <h1 className="section__title">Policies</h1>
        <nav aria-label="On this page">
          <ul className="policy-toc">
            <li>
              <a href="#privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="#terms">Terms of Use</a>
            </li>
            <li>
              <a href="#booking">Booking Policy</a>
            </li>
          </ul>
        </nav>

        <h2 id="privacy">Privacy Policy</h2>
        <p>
          We collect the details you give us (name, email, phone, and the documents attached to a booking request) to
          answer your enquiries and process your bookings, in line with Malaysia's Personal Data Protection Act 2010.
        </p>
        <p>
          Identity cards and cheques are seen only by you, your agency's agent admins and the developer's sales team,
          and are never published. Sign-in uses a secure, http-only cookie; we do not use advertising trackers.
        </p>
        <p>
          To see, correct or delete your data, write to <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
        <h3 id="dpo">Data Protection Officer</h3>
        {officer ? (
          <DataProtectionOfficerContact officer={officer} />
        ) : (
          <p>
            Questions about your personal data reach our Data Protection Officer at{' '}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          </p>
        )}

        <h2 id="terms">Terms of Use</h2>
        <p>
          Illustrations, site plans and virtual tours show the development as planned and are not to scale. Prices,
          areas and availability are as shown at the time of viewing and may change until a booking is confirmed.
        </p>
        <p>Accounts are personal: keep your password to yourself and log out on shared computers.</p>

        <h2 id="booking">Booking Policy</h2>
        <p>
          A booking request holds the lot for everyone while it is reviewed: first by your agency's agent admin, then by
          the developer. You can cancel a request while it is pending. A request not processed within the hold period
          expires, and the lot becomes available again.
        </p>
        <p>
          Questions about a booking: call <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>.
        </p>
      </div>
    </section>
  )
}
