import { CancelBookingForm } from '~/components/account/cancel-booking-form'
import { BookingFee } from '~/components/account/booking-fee'
import { DocumentAccesses } from '~/components/account/document-accesses'
import { DocumentReviewList } from '~/components/account/document-review'
import { BookingStatusBadge } from '~/components/account/status-badge'
import { HoldCountdown } from '~/components/account/hold-countdown'
import type { UserBooking } from '~/models/user-booking'
import { bookingStatusLabel, formatArea, formatDateTime, formatPrice, formatSen } from '~/utils/format'
import { BumiputeraBadge } from '~/components/account/bumiputera-card'
import type { BumiputeraView } from '~/utils/bumiputera'
import { discountText, packageTermsText } from '~/utils/packages'
import {
  bookingRow,
  documentDeletionText,
  documentPreviewUrl,
  documentTypeLabel,
  isPreviewableImage,
  lotName,
} from '~/utils/user-bookings'
import { isDocumentHistory } from '~/utils/document-review'
import type { UploadAgainResult } from '~/utils/document-review'

/**
 * The booking details dialog: the lot, the request, its documents (with their reviews, where
 * the API sends them) and its history. `uploadResult`: "Upload again" posted without JavaScript.
 */
export function BookingDetails({
  booking,
  uploadResult = null,
  buyer = null,
}: {
  booking: UserBooking
  uploadResult?: UploadAgainResult | null
  /** The buyer's Bumiputera status, where the viewer is the buyer. */
  buyer?: BumiputeraView | null
}) {
  const row = bookingRow(booking)
  const lot = booking.lot ?? booking.unit
  const documents = booking.documents ?? []
  const history = booking.history ?? []

  return (
    <div className="booking-details">
      <p className="booking-details__status">
        Booking #{row.shortId} <BookingStatusBadge status={booking.status} />
      </p>
      {row.heldUntil ? <HoldCountdown heldUntil={row.heldUntil} /> : null}

      <section aria-labelledby="booking-lot-title">
        <h3 id="booking-lot-title" className="booking-details__heading">
          Lot
        </h3>
        <dl className="details">
          <dt>Lot #</dt>
          <dd>{row.lotNumber}</dd>
          {row.unitNumber ? (
            <>
              <dt>Unit</dt>
              <dd>{row.unitNumber}</dd>
            </>
          ) : null}
          {booking.propertyName ? (
            <>
              <dt>Property</dt>
              <dd>{booking.propertyName}</dd>
            </>
          ) : null}
          <dt>Type</dt>
          <dd>{row.lotType}</dd>
          <dt>Phase</dt>
          <dd>{row.phase}</dd>
          <dt>Land size</dt>
          <dd>{row.size}</dd>
          <dt>Built-up</dt>
          <dd>{formatArea(booking.buildUp ?? lot?.buildUp)}</dd>
        </dl>
      </section>

      <section aria-labelledby="booking-price-title">
        <h3 id="booking-price-title" className="booking-details__heading">
          Price
        </h3>
        <dl className="price-lines">
          {/* The price the booking was made at, locked from the request on; older bookings have only the lot's. */}
          <div>
            <dt>Price at request</dt>
            <dd>{formatPrice({ priceSen: booking.priceSen, price: lot?.price })}</dd>
          </div>
          {(booking.packages ?? []).map((applied) => (
            <div key={applied.id ?? applied.name}>
              <dt>
                {applied.name}
                {applied.kind ? (
                  <span className="muted"> ({packageTermsText({ ...applied, kind: applied.kind })})</span>
                ) : null}
              </dt>
              <dd>{discountText(applied.discountSen)}</dd>
            </div>
          ))}
          {typeof booking.discountSen === 'number' && booking.discountSen > 0 ? (
            <div>
              <dt>Discount</dt>
              <dd>{discountText(booking.discountSen)}</dd>
            </div>
          ) : null}
          {typeof booking.netPriceSen === 'number' ? (
            <div className="price-lines__total">
              <dt>Net price</dt>
              <dd>{formatSen(booking.netPriceSen)}</dd>
            </div>
          ) : null}
          {buyer ? (
            <div>
              <dt>Bumiputera status</dt>
              <dd>
                <BumiputeraBadge view={buyer} />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="booking-request-title">
        <h3 id="booking-request-title" className="booking-details__heading">
          Request
        </h3>
        <dl className="details">
          <dt>Requested on</dt>
          <dd>{formatDateTime(booking.createdAt)}</dd>
          <dt>Name</dt>
          <dd>{row.creatorName}</dd>
          <dt>Email</dt>
          <dd>{booking.creatorEmail || booking.user?.email || 'N/A'}</dd>
          <dt>Phone</dt>
          <dd>{row.phone}</dd>
          {booking.agency?.name ? (
            <>
              <dt>Agency</dt>
              <dd>{booking.agency.name}</dd>
            </>
          ) : null}
          <dt>Message</dt>
          <dd className="preserve-lines">{booking.requestMessage || '-'}</dd>
          {booking.agentNotes ? (
            <>
              <dt>Agent notes</dt>
              <dd className="preserve-lines">{booking.agentNotes}</dd>
            </>
          ) : null}
          {booking.adminNotes ? (
            <>
              <dt>Admin notes</dt>
              <dd className="preserve-lines">{booking.adminNotes}</dd>
            </>
          ) : null}
          {booking.cancellationDate ? (
            <>
              <dt>Cancelled on</dt>
              <dd>{formatDateTime(booking.cancellationDate)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <BookingFee fee={booking.fee} />

      {booking.documentReview ? (
        <DocumentReviewList booking={booking} pageResult={uploadResult} />
      ) : (
        <section aria-labelledby="booking-documents-title">
          <h3 id="booking-documents-title" className="booking-details__heading">
            Documents
          </h3>
          {documents.length === 0 ? (
            <p className="muted">No documents were uploaded with this booking.</p>
          ) : (
            <ul className="document-list">
              {documents.map((document) => {
                const name = document.documentName || documentTypeLabel(document.documentType)
                const deleted = documentDeletionText(document)
                if (deleted || !document.documentUrl) {
                  return (
                    <li key={document.id} className="document-list__item">
                      <div className="document-list__text">
                        <strong>{documentTypeLabel(document.documentType)}</strong>
                        <span className="document-list__name">{name}</span>
                        <span className="muted">{deleted ?? 'Deleted'}</span>
                      </div>
                    </li>
                  )
                }
                return (
                  <li key={document.id} className="document-list__item">
                    {isPreviewableImage(document) ? (
                      <img
                        src={documentPreviewUrl(document.documentUrl)}
                        alt={`${documentTypeLabel(document.documentType)} preview`}
                        className="document-list__preview"
                        loading="lazy"
                      />
                    ) : null}
                    <div className="document-list__text">
                      <strong>{documentTypeLabel(document.documentType)}</strong>
                      <span className="document-list__name">{name}</span>
                    </div>
                    <div className="document-list__links">
                      <a href={document.documentUrl} target="_blank" rel="noopener noreferrer">
                        View<span className="visually-hidden"> {name}</span>
                      </a>
                      <a href={document.downloadUrl ?? `${document.documentUrl}?download=1`} download={name}>
                        Download<span className="visually-hidden"> {name}</span>
                      </a>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      )}

      <DocumentAccesses bookingId={row.id} />

      <section aria-labelledby="booking-history-title">
        <h3 id="booking-history-title" className="booking-details__heading">
          Status history
        </h3>
        {history.length === 0 ? (
          <p className="muted">No status changes recorded yet.</p>
        ) : (
          <ol className="status-history">
            {history.map((change) =>
              isDocumentHistory(change) ? (
                // A document's review or new upload: its notes say which and how ("Payment cheque rejected: ...").
                <li key={`${change.kind}-${change.id}`} className="status-history__item status-history__item--document">
                  <span className="status-history__change">
                    {change.notes ||
                      (change.kind === 'document_upload' ? 'Document uploaded again' : 'Document reviewed')}
                  </span>
                  <span className="status-history__meta">
                    {formatDateTime(change.at)}
                    {change.by?.name ? ` by ${change.by.name}` : ''}
                  </span>
                </li>
              ) : (
                <li key={change.id} className="status-history__item">
                  <span className="status-history__change">
                    {change.from ? `${bookingStatusLabel(change.from)} → ` : ''}
                    {bookingStatusLabel(change.to)}
                  </span>
                  <span className="status-history__meta">
                    {formatDateTime(change.at)}
                    {change.by?.name ? ` by ${change.by.name}` : ''}
                  </span>
                  {change.notes ? <span className="status-history__notes">{change.notes}</span> : null}
                </li>
              )
            )}
          </ol>
        )}
      </section>

      {row.canCancel ? (
        <div className="booking-details__actions">
          <CancelBookingForm bookingId={row.id} lotName={lotName(row)} label="Cancel Booking" />
        </div>
      ) : null}
    </div>
  )
}
