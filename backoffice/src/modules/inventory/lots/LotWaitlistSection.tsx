import {
  Alert,
  Box,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider, useRecordContext } from 'react-admin'
import { RecordCards } from '../../../components/RecordCards'
import { formatDateTime } from '../../../format'
import { useIsPhone } from '../../../hooks/useIsPhone'
import { messageOf } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { LotWaitlistEntry } from '../../waitlist/types'
import type { Lot } from '../types'

const STATUS_TEXT: Record<LotWaitlistEntry['status'], string> = {
  waiting: 'Waiting',
  offered: 'Their turn',
}

/**
 * The lot's waitlist in its edit (super admins): the whole line in order, who, from
 * which agency, since when, and until when the person whose turn it is may request the lot.
 */
export function LotWaitlistSection() {
  const lot = useRecordContext<Lot>()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const isPhone = useIsPhone()
  const line = useQuery({
    queryKey: ['lotWaitlist', lot?.id],
    queryFn: () => dataProvider.getLotWaitlist(lot!.id),
    enabled: lot !== undefined,
  })
  if (!lot) return null
  return (
    <Box component="section" aria-label="Waitlist" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Waitlist
      </Typography>
      {line.isPending ? (
        <CircularProgress size={24} />
      ) : line.error ? (
        <Alert severity="error">{messageOf(line.error, 'Failed to load the waitlist.')}</Alert>
      ) : line.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nobody is waiting for this lot.
        </Typography>
      ) : isPhone ? (
        <RecordCards<LotWaitlistEntry>
          label="Waitlist"
          records={line.data}
          card={{
            primary: (entry) => `${entry.position}. ${entry.user?.name ?? 'N/A'}`,
            secondary: (entry) => [
              entry.user?.email,
              entry.agency?.name ?? 'No agency',
              `Joined ${formatDateTime(entry.joinedAt)}`,
              entry.offerExpiresAt ? `Offer until ${formatDateTime(entry.offerExpiresAt)}` : null,
            ],
            tertiary: (entry) => STATUS_TEXT[entry.status],
          }}
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Waitlist">
            <TableHead>
              <TableRow>
                <TableCell>Position</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Agency</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Joined</TableCell>
                <TableCell>Offer Until</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {line.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{entry.position}</TableCell>
                  <TableCell>{entry.user?.name ?? 'N/A'}</TableCell>
                  <TableCell>{entry.user?.email ?? 'N/A'}</TableCell>
                  <TableCell>{entry.agency?.name ?? 'N/A'}</TableCell>
                  <TableCell>{STATUS_TEXT[entry.status]}</TableCell>
                  <TableCell>{formatDateTime(entry.joinedAt)}</TableCell>
                  <TableCell>{entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : 'N/A'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  )
}
