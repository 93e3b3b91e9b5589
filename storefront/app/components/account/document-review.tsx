import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { DocumentPicker } from '~/components/booking/document-picker'
import { UploadProgress, useActionUpload } from '~/components/booking/upload-progress'
import type { BookingDocument, DocumentReviewEntry, UserBooking } from '~/models/user-booking'
import {
  DOCUMENT_REVIEW_LABELS,
  DOCUMENT_REVIEW_MESSAGES,
  canUploadAgain,
  documentAccept,
  documentHint,
  documentLabel,
  documentReviewTone,
  earlierUploads,
  entryDocument,
  isPhotoDocument,
  reviewedByText,
  uploadAgainAction,
  uploadAgainError,
} from '~/utils/document-review'
import type { DocumentReviewState, UploadAgainResult } from '~/utils/document-review'
import { formatDateTime } from '~/utils/format'
import { documentDeletionText, documentPreviewUrl, documentTypeLabel, isPreviewableImage } from '~/utils/user-bookings'

export function DocumentReviewBadge({ status }: { status: DocumentReviewState }) {
  return (
    <span className={`status-badge status-badge--${documentReviewTone(status)} document-review__badge`}>
      {DOCUMENT_REVIEW_LABELS[status]}
    </span>
  )
}

interface DocumentReviewListProps {
  booking: UserBooking
  /** The page's answer to "Upload again" posted without JavaScript. */
  pageResult?: UploadAgainResult | null
}

/**
 * A booking's documents with their reviews: each one's status, why it was
 * rejected and by whom, and for the requester of a pending booking "Upload again" on a
 * rejected one, sent with a progress bar (a plain form post without JavaScript).
 */
export function DocumentReviewList({ booking, pageResult = null }: DocumentReviewListProps) {
  const entries = booking.documentReview ?? []
  const documents = booking.documents ?? []
  const earlier = earlierUploads(documents)
  const [answered, setAnswered] = useState<UploadAgainResult | null>(null)
  const latest = [answered, pageResult]
    .filter((result): result is UploadAgainResult => result !== null)
    .sort((a, b) => b.at - a.at)[0]
  const uploaded = latest?.ok ? latest : null

  return (
    <section aria-labelledby="booking-documents-title">
      <h3 id="booking-documents-title" className="booking-details__heading">
        Documents
      </h3>
      {uploaded ? (
        <p key={uploaded.at} className="alert alert--success" role="status">
          {uploaded.message}
        </p>
      ) : null}
      {booking.documentsBlocking && booking.canReplaceDocuments ? (
        <p className="alert alert--warning">{booking.documentsBlocking}</p>
      ) : null}
      {entries.length === 0 ? (
        <p className="muted">No documents were uploaded with this booking.</p>
      ) : (
        <ul className="document-list">
          {entries.map((entry) => (
            <DocumentReviewItem
              key={entry.documentType}
              booking={booking}
              entry={entry}
              document={entryDocument(entry, documents)}
              pageError={
                pageResult && !pageResult.ok && pageResult.documentId === String(entry.documentId) ? pageResult : null
              }
              onUploaded={setAnswered}
            />
          ))}
        </ul>
      )}
      {earlier.length > 0 ? (
        <details className="document-review__earlier">
          <summary>Earlier uploads ({earlier.length})</summary>
          <ul className="document-list">
            {earlier.map((document) => (
              <EarlierUpload key={document.id} document={document} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  )
}

function DocumentReviewItem({
  booking,
  entry,
  document,
  pageError,
  onUploaded,
}: {
  booking: UserBooking
  entry: DocumentReviewEntry
  document: BookingDocument | null
  pageError: UploadAgainResult | null
  onUploaded: (result: UploadAgainResult) => void
}) {
  const label = documentLabel(entry)
  const reviewed = reviewedByText(entry)
  return (
    <li className={`document-list__item document-review document-review--${entry.status}`}>
      <div className="document-review__head">
        {document ? <DocumentPreview document={document} label={label} /> : null}
        <div className="document-list__text">
          <span className="document-review__title">
            <strong>{label}</strong> <DocumentReviewBadge status={entry.status} />
            {/* A turned-down document is to be uploaded again, optional or not. */}
            {entry.required || entry.status === 'rejected' ? null : <span className="muted"> (optional)</span>}
          </span>
          {document ? (
            <span className="document-list__name">
              {document.documentName || documentTypeLabel(document.documentType)}
            </span>
          ) : (
            <span className="muted">Not uploaded.</span>
          )}
          {entry.status === 'rejected' && entry.reason ? (
            <span className="document-review__reason">Reason: {entry.reason}</span>
          ) : null}
          {reviewed ? <span className="document-review__by">{reviewed}</span> : null}
        </div>
        {document ? <DocumentLinks document={document} /> : null}
      </div>
      {canUploadAgain(booking, entry) ? (
        <UploadAgainForm
          bookingId={String(booking.id)}
          entry={entry}
          label={label}
          pageError={pageError}
          onUploaded={onUploaded}
        />
      ) : null}
    </li>
  )
}

function DocumentPreview({ document, label }: { document: BookingDocument; label: string }) {
  if (!document.documentUrl || document.deletedAt || !isPreviewableImage(document)) return null
  return (
    <img
      src={documentPreviewUrl(document.documentUrl)}
      alt={`${label} preview`}
      className="document-list__preview"
      loading="lazy"
    />
  )
}

function DocumentLinks({ document }: { document: BookingDocument }) {
  const name = document.documentName || documentTypeLabel(document.documentType)
  const deleted = documentDeletionText(document)
  if (deleted || !document.documentUrl) return <span className="muted">{deleted ?? 'Deleted'}</span>
  return (
    <div className="document-list__links">
      <a href={document.documentUrl} target="_blank" rel="noopener noreferrer">
        View<span className="visually-hidden"> {name}</span>
      </a>
      <a href={document.downloadUrl ?? `${document.documentUrl}?download=1`} download={name}>
        Download<span className="visually-hidden"> {name}</span>
      </a>
    </div>
  )
}

/** An upload a newer one replaced: its review stays on record. */
function EarlierUpload({ document }: { document: BookingDocument }) {
  const review = document.review
  return (
    <li className="document-list__item">
      <div className="document-list__text">
        <span className="document-review__title">
          <strong>{documentTypeLabel(document.documentType)}</strong>{' '}
          {review ? <DocumentReviewBadge status={review.status} /> : null}
        </span>
        <span className="document-list__name">{document.documentName || 'Document'}</span>
        <span className="muted">Uploaded {formatDateTime(document.createdAt)}; replaced by a newer upload.</span>
        {review?.status === 'rejected' && review.reason ? (
          <span className="document-review__reason">Reason: {review.reason}</span>
        ) : null}
      </div>
      <DocumentLinks document={document} />
    </li>
  )
}

function failedUpload(documentId: string) {
  return (): UploadAgainResult => ({
    intent: 'upload-document',
    ok: false,
    documentId,
    message: DOCUMENT_REVIEW_MESSAGES.failed,
    at: Date.now(),
  })
}

function chosenFile(form: HTMLFormElement): { name: string; type: string } | null {
  const input = form.elements.namedItem('document')
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
  return file && file.name ? { name: file.name, type: file.type } : null
}

/** "Upload again": one file, checked as the booking form checks it, sent with a progress bar. */
function UploadAgainForm({
  bookingId,
  entry,
  label,
  pageError,
  onUploaded,
}: {
  bookingId: string
  entry: DocumentReviewEntry
  label: string
  pageError: UploadAgainResult | null
  onUploaded: (result: UploadAgainResult) => void
}) {
  const documentId = String(entry.documentId)
  const location = useLocation()
  const action = uploadAgainAction(new URLSearchParams(location.search), bookingId, documentId)
  const upload = useActionUpload<UploadAgainResult>(failedUpload(documentId))
  const [error, setError] = useState<string | null>(pageError?.message ?? null)
  const formRef = useRef<HTMLFormElement>(null)
  const uploadedRef = useRef(onUploaded)
  uploadedRef.current = onUploaded

  useEffect(() => {
    const result = upload.result
    if (!result) return
    if (result.ok) {
      setError(null)
      uploadedRef.current(result)
    } else {
      setError(result.message)
      formRef.current?.querySelector<HTMLElement>('input[type="file"]')?.focus()
    }
  }, [upload.result])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const found = uploadAgainError(entry.documentType, chosenFile(form))
    if (found) {
      setError(found)
      form.querySelector<HTMLElement>('input[type="file"]')?.focus()
      return
    }
    setError(null)
    if (!upload.sending) void upload.submit(action, form)
  }

  const lower = /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="document-review__upload"
      aria-label={`Upload the ${lower} again`}
      onSubmit={submit}
    >
      <DocumentPicker
        name="document"
        label={`New ${lower}`}
        accept={documentAccept(entry.documentType)}
        photo={isPhotoDocument(entry.documentType)}
        required
        hint={documentHint(entry.documentType)}
        error={error}
      />
      {upload.sending ? <UploadProgress percent={upload.percent} what="the document" /> : null}
      <button type="submit" className="button button--primary button--small" disabled={upload.sending}>
        {upload.sending ? 'Uploading…' : 'Upload again'}
        <span className="visually-hidden">: {lower}</span>
      </button>
    </form>
  )
}
