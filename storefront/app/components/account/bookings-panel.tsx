import { Form, Link, useNavigate, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { CancelBookingForm } from '~/components/account/cancel-booking-form'
import { withParams } from '~/components/account/dashboard-links'
import { BookingStatusBadge } from '~/components/account/status-badge'
import { HoldCountdown } from '~/components/account/hold-countdown'
import { formatDate, formatTime } from '~/utils/format'
import { BOOKING_FILTERS, FILTER_LABELS, filterBookingRows, lotName, parseBookingFilter } from '~/utils/user-bookings'
import { useLiveRevalidate, userBookingsChannel } from '~/utils/use-live-revalidate'
import type { BookingCounts, BookingRow } from '~/utils/user-bookings'

interface BookingsPanelProps {
  rows: BookingRow[]
  counts: BookingCounts
  loadError: string | null
  /** The signed-in user: their bookings' changes are pushed to them and the list reloads. */
  userId?: string | number | null
}

const SEARCH_ADDRESS_DELAY_MS = 400

/**
 * My Bookings: search, status filter with counts, the table and its empty state. On a phone
 * each booking's row shows as a card (account.css), its cells named by their `data-label`s.
 */
export function BookingsPanel({ rows, counts, loadError, userId = null }: BookingsPanelProps) {
  useLiveRevalidate(userBookingsChannel(userId))
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const filter = parseBookingFilter(searchParams.get('status'))
  const [search, setSearch] = useState(searchParams.get('q') ?? '')
  const visible = filterBookingRows(rows, filter, search)

  // The list follows every keystroke; the address (which reloads the site's header data)
  // follows once typing pauses. The links of the list carry the search as typed, so opening a
  // booking or choosing a filter keeps it; and the pending address update is dropped once any
  // navigation starts (it would interrupt it: a cancel's post among them).
  const addressTimer = useRef<number | undefined>(undefined)
  const navigating = useNavigation().state !== 'idle'
  useEffect(() => () => window.clearTimeout(addressTimer.current), [])
  useEffect(() => {
    if (navigating) window.clearTimeout(addressTimer.current)
  }, [navigating])
  const now = useRef({ navigating, searchParams })
  useEffect(() => {
    now.current = { navigating, searchParams }
  })
  function searchFor(value: string) {
    setSearch(value)
    window.clearTimeout(addressTimer.current)
    addressTimer.current = window.setTimeout(() => {
      if (now.current.navigating) return
      // Read the address now: a filter or a booking may have been chosen meanwhile.
      const current = now.current.searchParams
      const next = withSearch(current, value)
      if (next.toString() === current.toString()) return
      navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true })
    }, SEARCH_ADDRESS_DELAY_MS)
  }
  const listParams = withSearch(searchParams, search)

  return (
    <section aria-labelledby="bookings-title" className="account-section">
      <div className="account-section__head">
        <h2 id="bookings-title" className="account-section__title">
          My Bookings
        </h2>
        <Link to="/properties" className="button button--primary">
          + New Booking
        </Link>
      </div>

      {loadError ? (
        <p className="alert alert--error" role="alert">
          {loadError}
        </p>
      ) : null}

      <div className="booking-tools">
        <Form method="get" role="search" className="booking-search" onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="tab" value="bookings" />
          {filter !== 'all' ? <input type="hidden" name="status" value={filter} /> : null}
          <label htmlFor="booking-search" className="visually-hidden">
            Search bookings
          </label>
          <input
            id="booking-search"
            type="search"
            name="q"
            className="field__input"
            placeholder="Search by lot, type, status or name"
            value={search}
            onChange={(event) => searchFor(event.target.value)}
          />
          <noscript>
            <button type="submit" className="button button--ghost button--small">
              Search
            </button>
          </noscript>
        </Form>

        <nav aria-label="Filter by status" className="status-filter">
          {BOOKING_FILTERS.map((option) => (
            <Link
              key={option}
              to={withParams(listParams, {
                tab: 'bookings',
                status: option === 'all' ? null : option,
                booking: null,
              })}
              className={
                option === filter ? 'status-filter__option status-filter__option--active' : 'status-filter__option'
              }
              aria-current={option === filter ? 'true' : undefined}
              preventScrollReset
              replace
            >
              {FILTER_LABELS[option]} ({counts[option]})
            </Link>
          ))}
        </nav>
      </div>

      {visible.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state__title">No Bookings Found</h3>
          <p>
            {rows.length === 0
              ? "You haven't made any bookings yet. Find an available lot and request it."
              : 'No bookings match your search or filter.'}
          </p>
          <Link to="/properties" className="button button--primary">
            Book Now
          </Link>
        </div>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="My bookings table">
          <table className="data-table">
            <caption className="visually-hidden">My bookings</caption>
            <thead>
              <tr>
                <th scope="col">Lot #</th>
                <th scope="col">Type</th>
                <th scope="col">Phase</th>
                <th scope="col">Size</th>
                <th scope="col">Creator</th>
                <th scope="col">Status</th>
                <th scope="col">Date and time</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label="Lot #" className="data-table__lot">
                    {row.lotNumber}
                    {row.unitNumber ? <span className="data-table__sub">{row.unitNumber}</span> : null}
                  </th>
                  <td data-label="Type">{row.lotType}</td>
                  <td data-label="Phase">{row.phase}</td>
                  <td data-label="Size">{row.size}</td>
                  <td data-label="Creator">{row.creatorName}</td>
                  <td className="data-table__status">
                    <BookingStatusBadge status={row.status} />
                    {row.documentAlert ? (
                      <span className="status-badge status-badge--cancelled document-alert">{row.documentAlert}</span>
                    ) : null}
                    {row.heldUntil ? <HoldCountdown heldUntil={row.heldUntil} /> : null}
                  </td>
                  <td data-label="Date and time">
                    {formatDate(row.createdAt)}
                    <span className="data-table__sub">{formatTime(row.createdAt)}</span>
                  </td>
                  <td className="data-table__action">
                    <div className="data-table__actions">
                      <Link
                        to={withParams(listParams, { tab: 'bookings', booking: row.id })}
                        className="button button--ghost button--small"
                        preventScrollReset
                      >
                        View<span className="visually-hidden"> booking #{row.shortId}</span>
                      </Link>
                      {row.canCancel ? (
                        <CancelBookingForm bookingId={row.id} lotName={lotName(row)} label="Cancel" />
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function withSearch(current: URLSearchParams, value: string): URLSearchParams {
  const next = new URLSearchParams(current)
  if (value.trim()) next.set('q', value)
  else next.delete('q')
  next.set('tab', 'bookings')
  return next
}
