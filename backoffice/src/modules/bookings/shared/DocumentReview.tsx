import { useState, type FormEvent } from 'react'
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { useDataProvider, useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { formatDateTime, type BadgeColor } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Booking, DocumentReviewEntry } from '../types'

/** How each review state reads on the chips of the booking's documents. */
export const REVIEW_BADGES: Record<DocumentReviewEntry['status'], { label: string; color: BadgeColor }> = {
  pending: { label: 'Pending review', color: 'default' },
  accepted: { label: 'Accepted', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  missing: { label: 'Missing', color: 'warning' },
}

export const REASON_REQUIRED = 'Please give the reason for rejecting this document.'
export const REASON_MAX_LENGTH = 500

export function ReviewStatusChip({ status }: { status: DocumentReviewEntry['status'] }) {
  const { label, color } = REVIEW_BADGES[status]
  return <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />
}

/** "IC (back)" at the start of a sentence: "IC (back) accepted." */
function sentenceCase(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1)
}

/**
 * A document's review in its card: the chip, the reason of a rejection, who reviewed it and
 * when; then Accept and Reject while the API says the viewer reviews this booking now
 * (`canReviewDocuments`). The backend decides; a refusal is shown as it words it.
 */
export function DocumentReviewLines({
  booking,
  entry,
  name,
  onReviewed,
}: {
  booking: Pick<Booking, 'id' | 'canReviewDocuments'>
  entry: DocumentReviewEntry
  /** The document's name on its buttons: "Accept IC back". */
  name: string
  onReviewed?: (booking: Booking) => void
}) {
  const [rejecting, setRejecting] = useState(false)
  const review = useDocumentReview(booking, entry, onReviewed)
  const reviewable = booking.canReviewDocuments === true && entry.documentId !== null
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5, alignItems: 'flex-start' }}>
      <ReviewStatusChip status={entry.status} />
      {entry.status === 'rejected' && entry.reason && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Reason: {entry.reason}
        </Typography>
      )}
      {entry.reviewedBy && (
        <Typography variant="caption" color="text.secondary">
          By {entry.reviewedBy}
          {entry.reviewedAt ? `, ${formatDateTime(entry.reviewedAt)}` : ''}
        </Typography>
      )}
      {reviewable && (
        <Stack direction="row" spacing={1}>
          {entry.status !== 'accepted' && (
            <Button
              size="small"
              variant="outlined"
              color="success"
              aria-label={`Accept ${name}`}
              disabled={review.isPending}
              onClick={() => review.mutate({ status: 'accepted' })}
            >
              Accept
            </Button>
          )}
          {entry.status !== 'rejected' && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              aria-label={`Reject ${name}`}
              disabled={review.isPending}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
          )}
        </Stack>
      )}
      {reviewable && (
        <RejectDocumentDialog
          open={rejecting}
          label={entry.label}
          pending={review.isPending}
          fieldError={review.fieldError}
          onClose={() => setRejecting(false)}
          onReject={(reason) => review.mutate({ status: 'rejected', reason }, { onSuccess: () => setRejecting(false) })}
        />
      )}
    </Stack>
  )
}

/** The reason the backend gave for the field, from its `[{ field, message }]`. */
function reasonErrorOf(error: unknown): string | null {
  const body = (error as { body?: { errors?: unknown; fieldErrors?: unknown } } | null)?.body
  const list = Array.isArray(body?.fieldErrors) ? body.fieldErrors : Array.isArray(body?.errors) ? body.errors : []
  const found = (list as Array<{ field?: string; message?: string }>).find((item) => item.field === 'reason')
  return found?.message ?? null
}

/** PUT /api/bookings/:id/documents/:documentId/review; then the screens read the booking again. */
function useDocumentReview(
  booking: Pick<Booking, 'id'>,
  entry: DocumentReviewEntry,
  onReviewed?: (booking: Booking) => void
) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [fieldError, setFieldError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: ({ status, reason }: { status: 'accepted' | 'rejected'; reason?: string }) =>
      dataProvider.reviewBookingDocument({ id: booking.id, documentId: entry.documentId!, status, reason }),
    onSuccess: (result, { status }) => {
      setFieldError(null)
      flash.success(result.message ?? `${sentenceCase(entry.label)} ${status}.`)
      onReviewed?.(result)
      refresh()
    },
    onError: (error) => {
      setFieldError(reasonErrorOf(error))
      flash.error(messageOf(error, 'Failed to save the review. Please try again.'))
    },
  })
  return { ...mutation, fieldError }
}

/** Reject a document: the reason is required, and the requester reads it. */
function RejectDocumentDialog({
  open,
  label,
  pending,
  fieldError,
  onClose,
  onReject,
}: {
  open: boolean
  label: string
  pending: boolean
  fieldError: string | null
  onClose: () => void
  onReject: (reason: string) => void
}) {
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const error = problem ?? fieldError
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason.trim()) {
      setProblem(REASON_REQUIRED)
      return
    }
    setProblem(null)
    onReject(reason.trim())
  }
  return (
    <ResponsiveDialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reject-document-title">
      <Box component="form" onSubmit={submit} noValidate aria-label="Reject document form">
        <DialogTitle id="reject-document-title">Reject {label}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Alert severity="info">The requester is told the reason and asked to upload this document again.</Alert>
            <TextField
              label="Reason"
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={!!error}
              helperText={error ?? `${reason.trim().length}/${REASON_MAX_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={pending}>
            Reject document
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  )
}

/**
 * What keeps the booking from being forwarded or decided (a required document rejected or
 * missing), above the decision buttons. The backend refuses the decision all the same.
 */
export function DocumentsBlockingAlert({
  booking,
  sx,
}: {
  booking: Pick<Booking, 'documentsBlocking'>
  sx?: SxProps<Theme>
}) {
  if (!booking.documentsBlocking) return null
  return (
    <Alert severity="warning" sx={sx} role="status" aria-label="Documents to resolve">
      {booking.documentsBlocking}
    </Alert>
  )
}
