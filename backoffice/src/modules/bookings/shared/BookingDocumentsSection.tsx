import type { ReactNode } from 'react'
import { Box, Button, Link, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import VisibilityIcon from '@mui/icons-material/Visibility'
import type { Booking, BookingDocument } from '../types'
import { Section } from './BookingDetailParts'
import { DocumentReviewLines, REVIEW_BADGES } from './DocumentReview'
import { formatDate } from '../../../format'

/**
 * Documents are grouped as Payment Cheque, Identity Card (front/back) and Other Documents
 * (requirements: booking.md#documents).
 */
export const DOCUMENT_GROUPS: { title: string; types: BookingDocument['documentType'][] }[] = [
  { title: 'Payment Cheque', types: ['cheque'] },
  { title: 'Identity Card (front/back)', types: ['ic_front', 'ic_back'] },
  { title: 'Other Documents', types: ['uploaded_document', 'other'] },
]

const DOCUMENT_LABELS: Record<BookingDocument['documentType'], string> = {
  cheque: 'Cheque',
  ic_front: 'IC front',
  ic_back: 'IC back',
  uploaded_document: 'Document',
  other: 'Document',
}

const CARD_SX = { border: 1, borderColor: 'divider', borderRadius: 1, p: 1, width: { xs: '100%', sm: 220 } }

/** Preview applies to jpg, jpeg and png (requirements: booking.md#documents). */
export function isPreviewable(document: Pick<BookingDocument, 'documentName' | 'mimeType'>): boolean {
  return /\.(jpe?g|png)$/i.test(document.documentName) || /^image\/(jpeg|png)$/i.test(document.mimeType)
}

/**
 * The thumbnail's address: the backend checks it like an open but puts it on the access log at most once
 * per reader and document in a while, so the log lists documents opened rather than thumbnails drawn.
 */
export function previewUrl(documentUrl: string): string {
  return `${documentUrl}${documentUrl.includes('?') ? '&' : '?'}preview=1`
}

/** The booking's review of its documents, when the API gives it (GET /api/bookings/:id). */
type ReviewedBooking = Pick<Booking, 'id' | 'documentReview' | 'canReviewDocuments'>

/**
 * A booking's Uploaded Documents (requirements: booking.md#documents), in their groups, each with View and
 * Download: what
 * the agent admin and the super admin look at before deciding, and in the details. With the
 * booking's review, each kind of document shows its status (Pending review, Accepted,
 * Rejected with the reason, or Missing), who reviewed it and when, Accept and Reject for the
 * reviewer of the booking's tier, and the earlier uploads it replaced.
 */
export function BookingDocumentsSection({
  documents = [],
  booking,
  onReviewed,
}: {
  documents?: BookingDocument[]
  booking?: ReviewedBooking
  /** The booking as the review's answer gives it, for a dialog that holds its own copy. */
  onReviewed?: (booking: Booking) => void
}) {
  const entries = booking?.documentReview
  if (booking && entries) {
    return (
      <Section title="Uploaded Documents">
        {entries.length === 0 && documents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No documents uploaded.
          </Typography>
        ) : (
          DOCUMENT_GROUPS.map((group) => {
            const inGroup = entries.filter((entry) => group.types.includes(entry.documentType))
            if (inGroup.length === 0) return null
            const earlier = documents.filter(
              (document) =>
                group.types.includes(document.documentType) &&
                !inGroup.some((entry) => entry.documentId === document.id)
            )
            return (
              <Box key={group.title} component="section" aria-label={group.title} sx={{ mb: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {group.title}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                  {inGroup.map((entry) => {
                    const document = documents.find((candidate) => candidate.id === entry.documentId)
                    const label = DOCUMENT_LABELS[document?.documentType ?? entry.documentType]
                    const review = (
                      <DocumentReviewLines booking={booking} entry={entry} name={label} onReviewed={onReviewed} />
                    )
                    return document ? (
                      <DocumentCard key={entry.documentType} document={document}>
                        {review}
                      </DocumentCard>
                    ) : (
                      <MissingCard key={entry.documentType} label={label}>
                        {review}
                      </MissingCard>
                    )
                  })}
                </Stack>
                {earlier.length > 0 && <EarlierUploads documents={earlier} />}
              </Box>
            )
          })
        )}
      </Section>
    )
  }
  return (
    <Section title="Uploaded Documents">
      {documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No documents uploaded.
        </Typography>
      ) : (
        DOCUMENT_GROUPS.map((group) => {
          const inGroup = documents.filter((document) => group.types.includes(document.documentType))
          if (inGroup.length === 0) return null
          return (
            <Box key={group.title} component="section" aria-label={group.title} sx={{ mb: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {group.title}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                {inGroup.map((document) => (
                  <DocumentCard key={document.id} document={document} />
                ))}
              </Stack>
            </Box>
          )
        })
      )}
    </Section>
  )
}

/** A required document never uploaded: its card says so ("Missing"). */
function MissingCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={CARD_SX}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Not uploaded
      </Typography>
      {children}
    </Box>
  )
}

/**
 * The uploads a re-upload replaced, newest first, each with its review as it was given: the
 * booking's record of why it was asked for again.
 */
function EarlierUploads({ documents }: { documents: BookingDocument[] }) {
  const newestFirst = [...documents].sort((a, b) => b.id - a.id)
  return (
    <Box component="ul" aria-label="Earlier uploads" sx={{ m: 0, mt: 1, pl: 2.5 }}>
      {newestFirst.map((document) => {
        const label = DOCUMENT_LABELS[document.documentType]
        const review = document.review
        return (
          <Typography component="li" variant="body2" color="text.secondary" key={document.id}>
            Earlier {label}:{' '}
            {document.documentUrl ? (
              <Link href={document.documentUrl} target="_blank" rel="noopener" aria-label={`View earlier ${label}`}>
                {document.documentName}
              </Link>
            ) : (
              document.documentName
            )}
            {review ? ` · ${REVIEW_BADGES[review.status].label}` : ''}
            {review?.reason ? `: ${review.reason}` : ''}
            {review?.by ? ` (${review.by.name})` : ''}
          </Typography>
        )
      })}
    </Box>
  )
}

/** A deleted document's line: "Deleted on <date> (retention: <rule>)" (docs/privacy.md, "Retention"). */
export function deletionText(document: Pick<BookingDocument, 'deletedAt' | 'deletionRule'>): string | null {
  if (!document.deletedAt) return null
  return `Deleted on ${formatDate(document.deletedAt)}${document.deletionRule ? ` (${document.deletionRule})` : ''}`
}

/**
 * A document with View (new tab) and Download, each on the access log; jpg, jpeg and png are previewed. The URLs are
 * the backend's own (same origin), served only to those who may see the booking. A deleted
 * document keeps its card, saying when and why it went, without links.
 */
function DocumentCard({ document, children }: { document: BookingDocument; children?: ReactNode }) {
  const label = DOCUMENT_LABELS[document.documentType]
  const deleted = deletionText(document)
  if (deleted || !document.documentUrl) {
    return (
      <Box sx={CARD_SX}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" noWrap title={document.documentName}>
          {document.documentName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {deleted ?? 'Deleted'}
        </Typography>
        {children}
      </Box>
    )
  }
  return (
    <Box sx={CARD_SX}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" noWrap title={document.documentName}>
        {document.documentName}
      </Typography>
      {isPreviewable(document) && (
        <Box
          component="img"
          src={previewUrl(document.documentUrl)}
          alt={`${label} preview`}
          sx={{
            width: '100%',
            // A phone shows the whole IC or cheque, large enough to read before deciding.
            height: { xs: 200, sm: 120 },
            objectFit: { xs: 'contain', sm: 'cover' },
            borderRadius: 0.5,
            my: 0.5,
            bgcolor: 'grey.100',
          }}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          href={document.documentUrl}
          target="_blank"
          rel="noopener"
          startIcon={<VisibilityIcon />}
          aria-label={`View ${label}`}
        >
          View
        </Button>
        <Button
          size="small"
          href={document.downloadUrl ?? `${document.documentUrl}?download=1`}
          download={document.documentName}
          startIcon={<DownloadIcon />}
          aria-label={`Download ${label}`}
        >
          Download
        </Button>
      </Stack>
      {children}
    </Box>
  )
}
