import { useCallback, useEffect, useState } from 'react'
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
import { httpClient } from '../../providers/http'
import { messageOf } from '../../messages'

/** GET /api/developments/:id/bumiputera-quota. */
export interface QuotaFill {
  developmentId: number
  name: string
  required: { percent: number | null; lots: number | null }
  quotaLots: number
  shortOfRequired: number
  booked: number
  sold: number
  available: number
  released: number
}

/** The quota-fill panel (super admins): each development's Bumiputera quota and how its quota lots stand. */
export default function BumiputeraQuotaPanel() {
  const [rows, setRows] = useState<QuotaFill[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    setError(null)
    try {
      const { json: developments } = await httpClient('/api/properties')
      const fills = await Promise.all(
        (developments as Array<{ id: number }>).map(
          async ({ id }) => (await httpClient(`/api/developments/${id}/bumiputera-quota`)).json as QuotaFill
        )
      )
      setRows(fills)
    } catch (failure) {
      setError(messageOf(failure, 'Failed to load the Bumiputera quota'))
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const show = (value: number | null) => (value === null ? 'None' : String(value))
  return (
    <Card component="section" aria-labelledby="bumiputera-quota-title">
      <CardContent>
        <Typography id="bumiputera-quota-title" variant="h6" component="h2">
          Bumiputera quota
        </Typography>
        <Button onClick={() => void load()}>Refresh</Button>
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
