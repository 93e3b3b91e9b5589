import { Form, Link, useNavigation } from '@remix-run/react'
import { useWaitlistLive } from '~/components/public/lot-type/use-waitlist-live'
import { offerTimeText } from '~/components/public/lot-type/waitlist'
import type { WaitlistEntry } from '~/models/waitlist'
import { formatDate, lotStatusLabel, lotTypeCodeOf } from '~/utils/format'

interface MyWaitlistProps {
  /** The user's live entries; null when they could not be loaded. */
  entries: WaitlistEntry[] | null
  loadError: string | null
  userId: string | number
  /** The page's address: "Leave" posts to it. */
  action: string
}

/** The lot-type page a lot of the hub is shown on, with the lot selected. */
export function waitlistLotHref(entry: WaitlistEntry): string | null {
  const code = entry.lot ? lotTypeCodeOf(entry.lot) : null
  return code ? `/properties/aeroindustrial/type/${code}?lot=${entry.lotId}` : null
}

/** "Your turn until 10:15 AM MYT", "Waiting". */
export function waitlistStatusText(entry: Pick<WaitlistEntry, 'status' | 'offerExpiresAt'>, now = Date.now()): string {
  if (entry.status === 'offered') {
    return entry.offerExpiresAt ? `Your turn until ${offerTimeText(entry.offerExpiresAt, now)}` : 'Your turn'
  }
  return 'Waiting'
}

/**
 * My waitlist: the lots the user waits for, their place in line and whether the lot
 * is theirs to request now, each with "Leave". Loads again when a waitlist offer reaches them
 * or one of those lots changes.
 */
export function MyWaitlist({ entries, loadError, userId, action }: MyWaitlistProps) {
  const navigation = useNavigation()
  useWaitlistLive({ lotIds: (entries ?? []).map((entry) => entry.lotId), viewerId: userId, listenToLots: true })
  const leaving =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'leave-waitlist'
      ? String(navigation.formData.get('lotId'))
      : null

  return (
    <section aria-labelledby="waitlist-title" className="account-section">
      <div className="account-section__head">
        <h2 id="waitlist-title" className="account-section__title">
          My Waitlist
        </h2>
      </div>
      {loadError ? (
        <p className="alert alert--error" role="alert">
          {loadError}
        </p>
      ) : null}
      {entries && entries.length === 0 ? (
        <p className="muted">
          You are not on any waitlist. When a lot you want is reserved, choose "Notify me / Join waitlist" on its page.
        </p>
      ) : null}
      {entries && entries.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="My waitlist table">
          <table className="data-table">
            <caption className="visually-hidden">My waitlist</caption>
            <thead>
              <tr>
                <th scope="col">Lot #</th>
                <th scope="col">Type</th>
                <th scope="col">Lot status</th>
                <th scope="col">Position</th>
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const name = entry.lot?.unitNumber || `Lot ${entry.lot?.lotNumber ?? entry.lotId}`
                const href = waitlistLotHref(entry)
                return (
                  <tr key={entry.id}>
                    <th scope="row" data-label="Lot #" className="data-table__lot">
                      {href ? <Link to={href}>{name}</Link> : name}
                      {entry.lot?.propertyName ? (
                        <span className="data-table__sub">{entry.lot.propertyName}</span>
                      ) : null}
                    </th>
                    <td data-label="Type">{entry.lot?.type ?? '-'}</td>
                    <td data-label="Lot status">{entry.lot ? lotStatusLabel(entry.lot.status) : '-'}</td>
                    <td data-label="Position">{entry.position ?? '-'}</td>
                    <td data-label="Status">
                      <span
                        className={`status-badge status-badge--${entry.status === 'offered' ? 'approved' : 'pending'}`}
                      >
                        {waitlistStatusText(entry)}
                      </span>
                    </td>
                    <td data-label="Joined">{formatDate(entry.joinedAt)}</td>
                    <td className="data-table__action">
                      <Form method="post" action={action} preventScrollReset>
                        <input type="hidden" name="intent" value="leave-waitlist" />
                        <input type="hidden" name="lotId" value={entry.lotId} />
                        <button
                          type="submit"
                          className="button button--ghost button--small"
                          disabled={leaving === String(entry.lotId)}
                        >
                          Leave<span className="visually-hidden"> the waitlist of {name}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
