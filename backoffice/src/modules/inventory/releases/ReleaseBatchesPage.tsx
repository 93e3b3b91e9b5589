import { useState } from 'react'
import {
  Alert,
  Box,
  Button as MuiButton,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import EventIcon from '@mui/icons-material/Event'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Title, useDataProvider } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { ResponsiveConfirm } from '../../../components/ResponsiveDialog'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Development } from '../dataProvider'
import { useDevelopments } from '../useDevelopments'
import { ScheduleReleaseDialog } from './ScheduleReleaseDialog'
import { STATUS_LABELS, batchLotLabel, type ReleaseBatch } from './types'

/** A batch may name thousands of lots: the row names the first ones and counts the rest. */
const LOTS_SHOWN = 12

export function describeLots(batch: Pick<ReleaseBatch, 'lots'>): string {
  const names = batch.lots.slice(0, LOTS_SHOWN).map(batchLotLabel).join(', ')
  const more = batch.lots.length - LOTS_SHOWN
  return more > 0 ? `${names} and ${more} more` : names
}

function CancelBatchButton({ development, batch }: { development: Development; batch: ReleaseBatch }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [open, setOpen] = useState(false)
  const cancel = useMutation({
    mutationFn: () => dataProvider.cancelReleaseBatch(development.id, batch.id),
    onSuccess: (result) => flash.success(result.message ?? 'Release batch cancelled.'),
    onError: (error) => flash.error(messageOf(error, 'Failed to cancel the release batch. Please try again.')),
    // Refused (409) when it was released meanwhile: the table then shows it so.
    onSettled: () => {
      setOpen(false)
      void queryClient.invalidateQueries({ queryKey: ['releaseBatches', development.id] })
    },
  })
  return (
    <>
      <MuiButton size="small" color="error" onClick={() => setOpen(true)} aria-label={`Cancel ${batch.name}`}>
        Cancel
      </MuiButton>
      <ResponsiveConfirm
        isOpen={open}
        loading={cancel.isPending}
        title={`Cancel ${batch.name}?`}
        content={`It will not put its ${batch.lots.length} lot${batch.lots.length === 1 ? '' : 's'} on sale at ${formatDateTime(batch.releaseAt)}.`}
        confirm="Cancel batch"
        cancel="Keep it"
        onConfirm={() => cancel.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  )
}

function BatchesTable({ development }: { development: Development }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const batches = useQuery({
    queryKey: ['releaseBatches', development.id],
    queryFn: () => dataProvider.getReleaseBatches(development.id),
    retry: false,
  })
  if (batches.isPending) return <CircularProgress size={24} />
  if (batches.error) {
    return <Alert severity="error">{messageOf(batches.error, 'Failed to load the release batches.')}</Alert>
  }
  if (batches.data.length === 0) {
    return (
      <Typography color="text.secondary">
        No release batch for {development.name} yet: its lots are on sale as their status says.
      </Typography>
    )
  }
  return (
    // The table scrolls inside its box on a phone; the page itself stays the screen's width.
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={`Release batches of ${development.name}`} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Release time</TableCell>
            <TableCell>Lots</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {batches.data.map((batch) => (
            <TableRow key={batch.id}>
              <TableCell>{batch.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(batch.releaseAt)}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {describeLots(batch)}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {batch.lots.length} lot{batch.lots.length === 1 ? '' : 's'}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={STATUS_LABELS[batch.status] ?? batch.status}
                  color={batch.status === 'released' ? 'success' : 'info'}
                  variant="outlined"
                />
              </TableCell>
              <TableCell align="right">
                {batch.status === 'scheduled' && <CancelBatchButton development={development} batch={batch} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/**
 * Release Batches (super admins): each development's lots scheduled to go on sale together at a
 * set time, released by the backend's job when it comes. Times are shown in Malaysia time.
 */
export default function ReleaseBatchesPage() {
  const developments = useDevelopments()
  // The development chosen is in the address, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams()
  const [scheduling, setScheduling] = useState(false)
  const chosenId = Number(params.get('development')) || developments.data?.[0]?.id
  const development = developments.data?.find((candidate) => candidate.id === chosenId)

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <Title title="Release Batches" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Release Batches
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Development"
          value={development ? String(development.id) : ''}
          onChange={(event) => setParams({ development: event.target.value }, { replace: true })}
          sx={{ minWidth: { sm: 260 } }}
          disabled={developments.isPending}
        >
          {(developments.data ?? []).map((candidate) => (
            <MenuItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <MuiButton
          variant="contained"
          startIcon={<EventIcon />}
          disabled={!development}
          onClick={() => setScheduling(true)}
        >
          Schedule release
        </MuiButton>
      </Stack>
      {developments.error ? (
        <Alert severity="error">{messageOf(developments.error, 'Failed to load the developments.')}</Alert>
      ) : developments.isPending ? (
        <CircularProgress size={24} />
      ) : development ? (
        <BatchesTable development={development} />
      ) : (
        <Typography color="text.secondary">No development to release lots of.</Typography>
      )}
      {scheduling && development && (
        <ScheduleReleaseDialog development={development} onClose={() => setScheduling(false)} />
      )}
    </Box>
  )
}
