import { Box, Button, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import VisibilityIcon from '@mui/icons-material/Visibility'
import type { BookingDocument } from '../types'
import { Section } from './BookingDetailParts'
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

/** Preview applies to jpg, jpeg and png (requirements: booking.md#documents). */
export function isPreviewable(document: Pick<BookingDocument, 'documentName' | 'mimeType'>): boolean {
  return /\.(jpe?g|png)$/i.test(document.documentName) || /^image\/(jpeg|png)$/i.test(document.mimeType)
}

/**
 * A booking's Uploaded Documents (requirements: booking.md#documents), in their groups, each with View and
 * Download: what
 * the agent admin and the super admin look at before deciding, and in the details.
 */
export function BookingDocumentsSection({ documents = [] }: { documents?: BookingDocument[] }) {
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

/** A deleted document's line: "Deleted on <date> (retention: <rule>)" (docs/privacy.md, "Retention"). */
export function deletionText(document: Pick<BookingDocument, 'deletedAt' | 'deletionRule'>): string | null {
  if (!document.deletedAt) return null
  return `Deleted on ${formatDate(document.deletedAt)}${document.deletionRule ? ` (${document.deletionRule})` : ''}`
}

/**
 * A document with View (new tab) and Download; jpg, jpeg and png are previewed. The URLs are
 * the backend's own (same origin), served only to those who may see the booking. A deleted
 * document keeps its card, saying when and why it went, without links.
 */
function DocumentCard({ document }: { document: BookingDocument }) {
  const label = DOCUMENT_LABELS[document.documentType]
  const deleted = deletionText(document)
  if (deleted || !document.documentUrl) {
    return (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, width: { xs: '100%', sm: 220 } }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" noWrap title={document.documentName}>
          {document.documentName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {deleted ?? 'Deleted'}
        </Typography>
      </Box>
    )
  }
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, width: { xs: '100%', sm: 220 } }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" noWrap title={document.documentName}>
        {document.documentName}
      </Typography>
      {isPreviewable(document) && (
        <Box
          component="img"
          src={document.documentUrl}
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
    </Box>
  )
}
