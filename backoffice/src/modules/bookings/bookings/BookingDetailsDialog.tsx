import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useGetOne, type Identifier } from 'react-admin';
import { BookingStatusBadge } from '../../../components/StatusBadge';
import { bookingBadge, bookingReference, canBeProcessed, formatArea, formatDateTime, formatRM, lotBadge } from '../../../format';
import { bookedItem, type Booking, type BookingDocument } from '../types';

/** Spec 001: documents are grouped as Payment Cheque, Identity Card (front/back) and Other Documents. */
const DOCUMENT_GROUPS: { title: string; types: BookingDocument['documentType'][] }[] = [
  { title: 'Payment Cheque', types: ['cheque'] },
  { title: 'Identity Card (front/back)', types: ['ic_front', 'ic_back'] },
  { title: 'Other Documents', types: ['uploaded_document', 'other'] },
];

const DOCUMENT_LABELS: Record<BookingDocument['documentType'], string> = {
  cheque: 'Cheque',
  ic_front: 'IC front',
  ic_back: 'IC back',
  uploaded_document: 'Document',
  other: 'Document',
};

/** Spec 001: preview applies to jpg, jpeg and png. */
export function isPreviewable(document: Pick<BookingDocument, 'documentName' | 'mimeType'>): boolean {
  return /\.(jpe?g|png)$/i.test(document.documentName) || /^image\/(jpeg|png)$/i.test(document.mimeType);
}

export function BookingDetailsDialog({
  id,
  onClose,
  onProcess,
}: {
  id: Identifier | null;
  onClose: () => void;
  onProcess?: (booking: Booking) => void;
}) {
  const { data: booking, isPending, error } = useGetOne<Booking>('admin/bookings', { id: id ?? '' }, { enabled: id !== null });

  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="booking-details-title">
      <DialogTitle id="booking-details-title">
        Booking Request Details{booking ? ` · ${bookingReference(booking.id)}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <CircularProgress size={24} />
        ) : error || !booking ? (
          <Alert severity="error" role="alert">
            Failed to load booking request details. Please try again.
          </Alert>
        ) : (
          <BookingDetails booking={booking} />
        )}
      </DialogContent>
      <DialogActions>
        {booking && onProcess && canBeProcessed(booking.status) && (
          <Button variant="contained" onClick={() => onProcess(booking)}>
            Process
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line' }}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Grid>
  );
}

function BookingDetails({ booking }: { booking: Booking }) {
  const item = bookedItem(booking);
  const documents = booking.documents ?? [];
  return (
    <>
      <Section title="Property Information">
        <Grid container spacing={1.5}>
          <Detail label="Property" value={booking.propertyName} />
          <Detail label="Unit / Lot" value={[item?.unitNumber, item?.lotNumber && `Lot ${item.lotNumber}`].filter(Boolean).join(' · ')} />
          <Detail label="Type" value={item?.type} />
          <Detail label="Phase" value={item?.phase} />
          <Detail label="Price" value={formatRM(item?.price)} />
          <Detail label="Land Area" value={formatArea(item?.landSize)} />
          <Detail label="Built-up Area" value={formatArea(item?.buildUp)} />
          <Detail label="Lot Status" value={item ? lotBadge(item.status).label : null} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Client Information">
        <Grid container spacing={1.5}>
          <Detail label="Name" value={booking.user?.name ?? booking.creatorName} />
          <Detail label="Email" value={booking.user?.email ?? booking.creatorEmail} />
          <Detail label="Phone" value={booking.user?.phone ?? booking.contactPhone ?? booking.creatorPhone} />
          <Detail label="Agency" value={booking.agency?.name} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Request Details">
        <Grid container spacing={1.5}>
          <Detail label="Status" value={<BookingStatusBadge status={booking.status} />} />
          <Detail label="Requested" value={formatDateTime(booking.createdAt)} />
          <Detail label="Requested by" value={`${booking.creatorName ?? 'N/A'}${booking.createdBy === 'agent' ? ' (agent)' : ''}`} />
          <Detail label="Contact" value={[booking.creatorEmail, booking.contactPhone ?? booking.creatorPhone].filter(Boolean).join(' · ')} />
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary" component="div">
              Message
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {booking.requestMessage || 'N/A'}
            </Typography>
          </Grid>
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Notes">
        <Grid container spacing={1.5}>
          <Detail label="Agent Notes" value={booking.agentNotes} />
          <Detail label="Admin Notes" value={booking.adminNotes} />
          <Detail label="Responded By" value={booking.respondedBy} />
          <Detail label="Agent Response Date" value={booking.agentResponseDate && formatDateTime(booking.agentResponseDate)} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Uploaded Documents">
        {documents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No documents uploaded.
          </Typography>
        ) : (
          DOCUMENT_GROUPS.map((group) => {
            const inGroup = documents.filter((document) => group.types.includes(document.documentType));
            if (inGroup.length === 0) return null;
            return (
              <Box key={group.title} sx={{ mb: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {group.title}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                  {inGroup.map((document) => (
                    <DocumentCard key={document.id} document={document} />
                  ))}
                </Stack>
              </Box>
            );
          })
        )}
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Status History">
        {(booking.history ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No status changes recorded.
          </Typography>
        ) : (
          <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
            {(booking.history ?? []).map((change) => (
              <Typography component="li" variant="body2" key={change.id}>
                {formatDateTime(change.at)}: {change.from ? `${bookingBadge(change.from).label} → ` : ''}
                {bookingBadge(change.to).label}
                {change.by ? ` by ${change.by.name}` : ''}
                {change.notes ? ` (${change.notes})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}

/** A document with View (in a new tab) and Download; images are previewed. Served only to those who may see the booking. */
function DocumentCard({ document }: { document: BookingDocument }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, width: 220 }}>
      <Typography variant="caption" color="text.secondary">
        {DOCUMENT_LABELS[document.documentType]}
      </Typography>
      <Typography variant="body2" noWrap title={document.documentName}>
        {document.documentName}
      </Typography>
      {isPreviewable(document) && (
        <Box
          component="img"
          src={document.documentUrl}
          alt={`${DOCUMENT_LABELS[document.documentType]} preview`}
          sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 0.5, my: 0.5, bgcolor: 'grey.100' }}
        />
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" href={document.documentUrl} target="_blank" rel="noopener" startIcon={<VisibilityIcon />}>
          View
        </Button>
        <Button size="small" href={document.downloadUrl} download={document.documentName} startIcon={<DownloadIcon />}>
          Download
        </Button>
      </Stack>
    </Box>
  );
}
