import { useEffect, useRef } from 'react'
import {
  Alert,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import { LiveAnnouncer } from '../../live/LiveAnnouncer'
import { ADMIN_BOOKINGS_CHANNEL, LOTS_CHANNEL, describeBookingMessage, describeLotMessage } from '../../live/messages'
import { LIVE_REFRESH_DELAY_MS, useLiveRefresh } from '../../live/useLiveRefresh'
import { messageOf } from '../../messages'
import type { BackofficeDataProvider } from '../../providers/dataProvider'

/**
 * The quota-fill panel (super admins): each development's Bumiputera quota and how its quota lots stand.
 * Live: a lot or a booking that changes anywhere moves the figures, so they load again, once per burst.
 */
export default function BumiputeraQuotaPanel() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const fills = useQuery({
    queryKey: ['bumiputeraQuotaFill'],
    queryFn: async () => {
      const developments = await dataProvider.getDevelopments()
      return Promise.all(developments.map(({ id }) => dataProvider.getBumiputeraQuota(id)))
    },
  })
  const refresh = () => void fills.refetch()
  // A booking moves its lot too: the two channels pass their changes on at once, and one burst across
  // both reads the figures once.
  const refreshLater = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(refreshLater.current), [])
  const live = {
    delayMs: 0,
    refresh: () => {
      clearTimeout(refreshLater.current)
      refreshLater.current = setTimeout(refresh, LIVE_REFRESH_DELAY_MS)
    },
  }
  const lotChanges = useLiveRefresh(LOTS_CHANNEL, describeLotMessage, live)
  const bookingChanges = useLiveRefresh(ADMIN_BOOKINGS_CHANNEL, describeBookingMessage, live)
  const rows = fills.data ?? null
  const error = fills.error ? messageOf(fills.error, 'Failed to load the Bumiputera quota') : null

  const show = (value: number | null) => (value === null ? 'None' : String(value))
  return (
    <Card component="section" aria-labelledby="bumiputera-quota-title">
      <CardContent>
        <Typography id="bumiputera-quota-title" variant="h6" component="h2">
          Bumiputera quota
        </Typography>
        <LiveAnnouncer text={[lotChanges, bookingChanges].filter(Boolean).join(' ')} />
        <Button onClick={refresh}>Refresh</Button>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {rows ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                {[
                  'Development',
                  'Required %',
                  'Required lots',
                  'Quota lots',
                  'Short of required',
                  'Booked',
                  'Sold',
                  'Available',
                  'Released',
                ].map((label) => (
                  <TableCell key={label}>{label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.developmentId}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{show(row.required.percent)}</TableCell>
                  <TableCell>{show(row.required.lots)}</TableCell>
                  <TableCell>{row.quotaLots}</TableCell>
                  <TableCell>{row.shortOfRequired}</TableCell>
                  <TableCell>{row.booked}</TableCell>
                  <TableCell>{row.sold}</TableCell>
                  <TableCell>{row.available}</TableCell>
                  <TableCell>{row.released}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  )
}
