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
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useGetOne, type Identifier } from 'react-admin';
import { bookingReference, formatArea, formatDateTime, formatRM } from '../../../format';
import { serverMessage, useFlash } from '../../../messages';
import { isPreviewable } from '../bookings/BookingDetailsDialog';
import { bookedItem, type Booking, type BookingDocument } from '../types';
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge';
import { AGENT_DECISION_NOTES, awaitsAgent, bookingClient } from './agentStatus';
import { AGENT_BOOKINGS_RESOURCE } from './types';
import { useAgentBookingResponse } from './useAgentBookingResponse';

export const DETAILS_LOAD_FAILED = 'Failed to load booking request details. Please try again.';

/** Spec 001: documents grouped as Payment Cheque, Identity Card (front/back) and Other Documents. */
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

/**
 * The agent side's booking request details (spec 001): property, client, request, documents,
 * the response once given; Approve and Reject while the request waits for the agent admin.
 */
export function AgentBookingDetailsDialog({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  const flash = useFlash();
  const {
    data: booking,
    isPending,
    error,
  } = useGetOne<Booking>(AGENT_BOOKINGS_RESOURCE, { id: id ?? '' }, { enabled: id !== null });
  const response = useAgentBookingResponse({
    onSuccess: (_result, action) => {
      flash.success(action === 'approve' ? 'Booking request approved successfully' : 'Booking request rejected successfully');
      onClose();
    },
    onError: (failure, action) => {
      const reason = serverMessage(failure) ?? (failure instanceof Error && failure.message ? failure.message : 'Unknown error');
      flash.error(`Failed to ${action} booking request: ${reason}`);
    },
  });

  const pending = booking ? awaitsAgent(booking) : false;

  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="agent-booking-details-title">
      <DialogTitle id="agent-booking-details-title" sx={{ pr: 6 }}>
        Booking Request Details{booking ? ` · ${bookingReference(booking.id)}` : ''}
      </DialogTitle>
      <IconButton aria-label="Close dialog" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {isPending ? (
          <CircularProgress size={24} />
        ) : error || !booking ? (
          <Alert severity="error" role="alert">
            {DETAILS_LOAD_FAILED}
          </Alert>
        ) : (
          <BookingRequestDetails booking={booking} />
        )}
      </DialogContent>
      <DialogActions>
        {booking && pending ? (
          <>
            <Button
              color="error"
              variant="outlined"
              disabled={response.isPending}
              onClick={() => response.mutate({ id: booking.id, action: 'reject', agentNotes: AGENT_DECISION_NOTES.reject })}
            >
              Reject
            </Button>
            <Button
              color="success"
              variant="contained"
              disabled={response.isPending}
              onClick={() => response.mutate({ id: booking.id, action: 'approve', agentNotes: AGENT_DECISION_NOTES.approve })}
            >
              Approve
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Detail({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line' }}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Grid>
  );
}

/** Property, client and request of a booking: what the agent decides on. */
export function BookingRequestSummary({ booking }: { booking: Booking }) {
  const item = bookedItem(booking);
  const client = bookingClient(booking);
  return (
    <>
      <Section title="Property Information">
        <Grid container spacing={1.5}>
          <Detail label="Property" value={booking.propertyName} />
          <Detail
            label="Unit / Lot"
            value={[item?.unitNumber, item?.lotNumber && `Lot ${item.lotNumber}`].filter(Boolean).join(' · ')}
          />
          <Detail label="Type" value={item?.type} />
          <Detail label="Phase" value={item?.phase} />
          <Detail label="Price" value={formatRM(item?.price)} />
          <Detail label="Land Area" value={formatArea(item?.landSize)} />
          <Detail label="Built-up Area" value={formatArea(item?.buildUp)} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Client Information">
        <Grid container spacing={1.5}>
          <Detail label="Name" value={client.name} />
          <Detail label="Email" value={client.email} />
          <Detail label="Phone" value={client.phone} />
        </Grid>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title="Request Details">
        <Grid container spacing={1.5}>
          <Detail label="Status" value={<AgentBookingStatusBadge status={booking.status} />} />
          <Detail label="Request Date" value={formatDateTime(booking.createdAt)} />
          <Detail
            label="Requested By"
            value={`${booking.creatorName ?? 'N/A'}${booking.createdBy === 'agent' ? ' (agent)' : ''}`}
          />
          <Detail label="Booking ID" value={bookingReference(booking.id)} />
          <Detail label="Message" value={booking.requestMessage} wide />
        </Grid>
      </Section>
    </>
  );
}

function BookingRequestDetails({ booking }: { booking: Booking }) {
  const documents = booking.documents ?? [];
  return (
    <>
      <BookingRequestSummary booking={booking} />
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
            );
          })
        )}
      </Section>
      {!awaitsAgent(booking) && (
        <>
          <Divider sx={{ mb: 2 }} />
          <Section title="Response Information">
            <Grid container spacing={1.5}>
              <Detail label="Status" value={<AgentBookingStatusBadge status={booking.status} />} />
              <Detail label="Responded By" value={booking.respondedBy} />
              <Detail label="Response Date" value={booking.agentResponseDate && formatDateTime(booking.agentResponseDate)} />
              <Detail label="Agent Notes" value={booking.agentNotes} />
              <Detail label="Admin Notes" value={booking.adminNotes} wide />
            </Grid>
          </Section>
        </>
      )}
    </>
  );
}

/**
 * A document with View (new tab) and Download; jpg, jpeg and png are previewed. The URLs are
 * the backend's own (same origin), served only to those who may see the booking.
 */
function DocumentCard({ document }: { document: BookingDocument }) {
  const label = DOCUMENT_LABELS[document.documentType];
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, width: 220 }}>
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
          sx={{ width: '100%', height: 120, objectFit: 'cover', borderRadius: 0.5, my: 0.5, bgcolor: 'grey.100' }}
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
          href={document.downloadUrl}
          download={document.documentName}
          startIcon={<DownloadIcon />}
          aria-label={`Download ${label}`}
        >
          Download
        </Button>
      </Stack>
    </Box>
  );
}
