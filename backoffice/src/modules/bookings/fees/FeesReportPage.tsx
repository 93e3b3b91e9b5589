import { useState, type FormEvent } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Title, downloadCSV, useDataProvider, useGetList } from 'react-admin'
import { formatRM } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { FeesByStatus, FeesReportQuery } from './types'

export const REPORT_LOAD_FAILED = 'Failed to load the booking fees report. Please try again.'

const STATUSES = [
  { key: 'expected', label: 'Expected' },
  { key: 'received', label: 'Received' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'all', label: 'All fees' },
] as const

function cells(sums: FeesByStatus) {
  return STATUSES.map(({ key }) => (
    <TableCell key={key} align="right">
      {formatRM(sums[key].amount)} ({sums[key].count})
    </TableCell>
  ))
}

/**
 * Booking Fees (super admins): totals by status and by agency over a date range (the fee's
 * date received, else recorded), computed by the backend, exported as CSV.
 */
export default function FeesReportPage() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const [draft, setDraft] = useState<FeesReportQuery>({ from: '', to: '', agencyId: '' })
  const [query, setQuery] = useState<FeesReportQuery>({})
  const report = useQuery({
    queryKey: ['booking-fees-report', query],
    queryFn: () => dataProvider.getFeesReport(query),
    retry: false,
  })
  const agencies = useGetList<{ id: number; name: string }>('admin/agencies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  })
  const exportCsv = useMutation({
    mutationFn: () => dataProvider.exportFeesReport(query),
    onSuccess: (csv) => downloadCSV(csv, 'booking-fees'),
    onError: (error) => flash.error(messageOf(error, 'Failed to export the booking fees report. Please try again.')),
  })

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setQuery({ ...draft })
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Booking Fees" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Booking Fees
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack
            component="form"
            aria-label="Report filters"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            onSubmit={apply}
          >
            <TextField
              label="From"
              type="date"
              size="small"
              value={draft.from ?? ''}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="date"
              size="small"
              value={draft.to ?? ''}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label="Agency"
              size="small"
              sx={{ minWidth: 200 }}
              value={draft.agencyId ?? ''}
              onChange={(event) => setDraft({ ...draft, agencyId: event.target.value })}
            >
              <MenuItem value="">All agencies</MenuItem>
              {(agencies.data ?? []).map((agency) => (
                <MenuItem key={agency.id} value={String(agency.id)}>
                  {agency.name}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained">
              Apply
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => exportCsv.mutate()}
              disabled={!report.data || exportCsv.isPending}
            >
              Export CSV
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {report.isPending ? (
        <CircularProgress size={24} />
      ) : report.error || !report.data ? (
        <Alert severity="error" role="alert">
          {messageOf(report.error, REPORT_LOAD_FAILED)}
        </Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} aria-label="Totals by status">
            {STATUSES.map(({ key, label }) => (
              <Card key={key} sx={{ flex: 1 }} component="section" aria-label={`${label} total`}>
                <CardContent>
                  <Typography variant="overline">{label}</Typography>
                  <Typography variant="h6">{formatRM(report.data.totals[key].amount)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {report.data.totals[key].count} {report.data.totals[key].count === 1 ? 'fee' : 'fees'}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
          <Card>
            <Table size="small" aria-label="Totals by agency">
              <TableHead>
                <TableRow>
                  <TableCell>Agency</TableCell>
                  {STATUSES.map(({ key, label }) => (
                    <TableCell key={key} align="right">
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {report.data.byAgency.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>No booking fees in this period.</TableCell>
                  </TableRow>
                ) : (
                  report.data.byAgency.map((row) => (
                    <TableRow key={row.agencyId ?? 'none'}>
                      <TableCell>{row.agencyName}</TableCell>
                      {cells(row)}
                    </TableRow>
                  ))
                )}
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>All agencies</TableCell>
                  {cells(report.data.totals)}
                </TableRow>
              </TableBody>
            </Table>
          </Card>
        </>
      )}
    </Box>
  )
}
