import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import type { User } from '#identity'
import type { Booking } from '#bookings'
import type { RequiredDocumentType } from '#bookings'
import BookingDocument, { type DocumentType, type ReviewStatus } from '#documents/models/booking_document'
import DocumentPolicy from '#documents/policies/document_policy'
import { QUEUED_STATUSES, TRANSITIONS, type BookingStatus } from '#bookings'

// Each document reviewed on its own (docs/booking-workflow.md, "Documents under review"): the booking is not
// forwarded or decided while a document is rejected or a required one is missing.

/** Emitted once, after the review's or re-upload's commit. */
export type BookingDocumentChanged = {
  bookingId: number
  lotId: number
  agencyId: number | null
  userId: number | null
  createdById: number | null
  /** The booking's status, which the step does not change. */
  status: BookingStatus
  change: 'review' | 'upload'
  documentId: number
  /** The superseded document (an upload), or null. */
  previousDocumentId: number | null
  documentType: ReviewType
  reviewStatus: ReviewStatus
  reason: string | null
  actorId: number
  at: string
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'booking:document_changed': BookingDocumentChanged
  }
}

/** The same change, written in its transaction for what must follow only a commit (the notifications). */
declare module '#core/outbox' {
  interface OutboxTopics {
    'booking:document_changed': BookingDocumentChanged
  }
}

/** The document types as reviewed: `uploaded_document` is the legacy name of `other`. */
export const REVIEW_TYPES = ['cheque', 'ic_front', 'ic_back', 'other'] as const
export type ReviewType = (typeof REVIEW_TYPES)[number]

export const DOCUMENT_LABELS: Record<ReviewType, string> = {
  cheque: 'payment cheque',
  ic_front: 'IC (front)',
  ic_back: 'IC (back)',
  other: 'other document',
}

export const REPLACEABLE_STATUSES: BookingStatus[] = QUEUED_STATUSES

export function reviewTypeOf(type: DocumentType | string): ReviewType {
  return type === 'uploaded_document' ? 'other' : (type as ReviewType)
}

export function capitalised(type: ReviewType): string {
  const label = DOCUMENT_LABELS[type]
  return label.charAt(0).toUpperCase() + label.slice(1)
}

/** The document of each type in force: the newest one not superseded by a re-upload. */
export function currentDocuments(documents: readonly BookingDocument[]): Map<ReviewType, BookingDocument> {
  const current = new Map<ReviewType, BookingDocument>()
  for (const document of documents) {
    if (document.replacedById) continue
    const type = reviewTypeOf(document.documentType)
    const seen = current.get(type)
    if (!seen || document.id > seen.id) current.set(type, document)
  }
  return current
}

export type DocumentReviewEntry = {
  documentType: ReviewType
  label: string
  required: boolean
  documentId: number | null
  status: 'missing' | ReviewStatus
  reason: string | null
  reviewedBy: string | null
  reviewedAt: string | null
}

function required(booking: Pick<Booking, 'requiredDocuments'>): ReviewType[] {
  return (booking.requiredDocuments ?? []) as RequiredDocumentType[]
}

/** One entry per type the booking's form required or that has a document, in the forms' order. */
export function documentReview(
  booking: Pick<Booking, 'requiredDocuments'>,
  documents: readonly BookingDocument[]
): DocumentReviewEntry[] {
  const current = currentDocuments(documents)
  const needed = required(booking)
  return REVIEW_TYPES.flatMap((type) => {
    const document = current.get(type)
    const isRequired = needed.includes(type)
    if (!document && !isRequired) return []
    return [
      {
        documentType: type,
        label: DOCUMENT_LABELS[type],
        required: isRequired,
        documentId: document?.id ?? null,
        status: document ? document.reviewStatus : 'missing',
        reason: document?.reviewStatus === 'rejected' ? document.reviewReason : null,
        reviewedBy:
          document?.reviewedById && document.$preloaded.reviewedBy && document.reviewedBy
            ? document.reviewedBy.name
            : null,
        reviewedAt: document?.reviewedAt?.toUTC().toISO() ?? null,
      },
    ]
  })
}

/** The steps a rejected or missing document holds back, and how their message ends. */
const HELD_BACK = { approve: 'forwarded', booked: 'booked', sold: 'marked as sold' } as const
export type HeldBackAction = keyof typeof HELD_BACK

/** The step that decides a booking in `status` next (the one the documents would hold back): the workflow's first. */
function nextDecision(status: BookingStatus): HeldBackAction | null {
  const row = TRANSITIONS.find(
    (transition) =>
      transition.from !== null &&
      (transition.from as readonly string[]).includes(status) &&
      transition.action in HELD_BACK
  )
  return row ? (row.action as HeldBackAction) : null
}

function joined(parts: string[]): string {
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/**
 * Why `action` cannot be taken while the documents are as they are, or null. A rejected document
 * (required or not) and a missing required one hold it back; pending documents never do (so the
 * bookings made before reviews keep moving as they did).
 */
export function documentsBlocking(
  booking: Pick<Booking, 'requiredDocuments'>,
  documents: readonly BookingDocument[],
  action: HeldBackAction
): string | null {
  const entries = documentReview(booking, documents)
  const rejected = entries.filter((entry) => entry.status === 'rejected')
  const missing = entries.filter((entry) => entry.status === 'missing')
  if (rejected.length === 0 && missing.length === 0) return null
  const problems = [
    ...rejected.map((entry) => `the ${entry.label} was rejected${entry.reason ? ` (${entry.reason})` : ''}`),
    ...missing.map((entry) => `the ${entry.label} is missing`),
  ]
  const sentence = joined(problems)
  const subject = problems.length === 1 ? 'It' : 'They'
  const again = missing.length === 0 ? ' again' : ''
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. ${subject} must be uploaded${again} before this booking can be ${HELD_BACK[action]}.`
}

export function blockedDecisions(
  booking: Pick<Booking, 'requiredDocuments'>,
  documents: readonly BookingDocument[]
): { action: HeldBackAction; reason: string }[] {
  return (Object.keys(HELD_BACK) as HeldBackAction[]).flatMap((action) => {
    const reason = documentsBlocking(booking, documents, action)
    return reason ? [{ action, reason }] : []
  })
}

/** What holds back the booking's next forwarding or decision, for the screens (null: nothing). */
export function nextDecisionBlocking(
  booking: Pick<Booking, 'requiredDocuments' | 'status'>,
  documents: readonly BookingDocument[]
): string | null {
  const action = nextDecision(booking.status)
  return action ? documentsBlocking(booking, documents, action) : null
}

/**
 * The workflow's check before a forward or a decision (its `beforeMove` hook, #bookings/ports),
 * on the booking it has locked: a review or a re-upload locks the same row, so none slips in between.
 */
export async function refuseWhileDocumentsBlock(
  trx: TransactionClientContract,
  booking: Booking,
  action: string
): Promise<void> {
  if (!(action in HELD_BACK)) return
  const documents = await BookingDocument.query({ client: trx }).where('booking_id', booking.id).orderBy('id')
  const message = documentsBlocking(booking, documents, action as HeldBackAction)
  if (message) throw AppError.conflict(message)
}

export function canReviewDocuments(viewer: User | null, booking: Booking): boolean {
  return viewer !== null && new DocumentPolicy().reviewDocument(viewer, booking) === true
}

export function canReplaceDocuments(viewer: User | null, booking: Booking): boolean {
  return (
    viewer !== null &&
    REPLACEABLE_STATUSES.includes(booking.status) &&
    new DocumentPolicy().replaceDocument(viewer, booking) === true
  )
}
