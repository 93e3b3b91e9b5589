import { formatDate, formatRM } from '~/utils/format'

/** The booking fee on record, as the booking's record carries it. */
export interface BookingFeeRecord {
  amount: number
  method: string
  reference: string | null
  status: 'expected' | 'received' | 'refunded'
  receivedOn: string | null
  refundedOn: string | null
  refundReason: string | null
  receipt: { name: string; url: string; downloadUrl: string } | null
}

const METHODS: Record<string, string> = {
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  fpx: 'FPX',
  card: 'Card',
  cash: 'Cash',
}

const STATUSES: Record<BookingFeeRecord['status'], string> = {
  expected: 'Expected',
  received: 'Received',
  refunded: 'Refunded',
}

/** Read only: the requester sees the fee their agent admin or the developer recorded. */
export function BookingFee({ fee }: { fee: BookingFeeRecord | null | undefined }) {
  return (
    <section aria-labelledby="booking-fee-title">
      <h3 id="booking-fee-title" className="booking-details__heading">
        Booking fee
      </h3>
      {!fee ? (
        <p className="muted">No booking fee has been recorded yet.</p>
      ) : (
        <dl className="details">
          <dt>Amount</dt>
          <dd>{formatRM(fee.amount)}</dd>
          <dt>Status</dt>
          <dd>{STATUSES[fee.status] ?? fee.status}</dd>
          <dt>Method</dt>
          <dd>{METHODS[fee.method] ?? fee.method}</dd>
          {fee.reference ? (
            <>
              <dt>Reference</dt>
              <dd>{fee.reference}</dd>
            </>
          ) : null}
          {fee.receivedOn ? (
            <>
              <dt>Received on</dt>
              <dd>{formatDate(fee.receivedOn)}</dd>
            </>
          ) : null}
          {fee.status === 'refunded' ? (
            <>
              <dt>Refunded on</dt>
              <dd>{fee.refundedOn ? formatDate(fee.refundedOn) : 'N/A'}</dd>
              <dt>Refund reason</dt>
              <dd className="preserve-lines">{fee.refundReason || '-'}</dd>
            </>
          ) : null}
          {fee.receipt ? (
            <>
              <dt>Receipt</dt>
              <dd>
                <a href={fee.receipt.url} target="_blank" rel="noopener noreferrer">
                  View <span className="visually-hidden">receipt {fee.receipt.name}</span>
                </a>{' '}
                <a href={fee.receipt.downloadUrl} download={fee.receipt.name}>
                  Download <span className="visually-hidden">receipt {fee.receipt.name}</span>
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </section>
  )
}
