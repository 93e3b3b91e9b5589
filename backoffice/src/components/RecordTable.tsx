import type { ReactNode } from 'react'
import {
  Alert,
  Card,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material'
import type { Identifier } from 'react-admin'
import { useIsPhone } from '../hooks/useIsPhone'
import { RecordCards, type RecordCard } from './RecordCards'

export interface RecordColumn<T> {
  header: string
  cell: (record: T) => ReactNode
  sx?: SxProps<Theme>
}

/**
 * A plain table of records with its loading, failure and empty states: the agent dashboard's
 * tabs and the membership requests page. `records` undefined once loaded means it failed.
 * On a phone the records are cards (`card`) instead of rows.
 */
export function RecordTable<T extends { id: Identifier }>({
  label,
  records,
  loading,
  failureText,
  emptyText,
  columns,
  card,
  framed = true,
}: {
  /** The table's accessible name. */
  label: string
  records: readonly T[] | undefined
  loading: boolean
  failureText: string
  emptyText: string
  /** `false` leaves a column out. */
  columns: readonly (RecordColumn<T> | false)[]
  /** How a record reads on a phone. */
  card: RecordCard<T>
  /** In its own outlined card (the default), or bare inside the page's card. */
  framed?: boolean
}) {
  const isPhone = useIsPhone()
  if (loading) return <CircularProgress size={22} />
  if (!records)
    return (
      <Alert severity="error" role="alert">
        {failureText}
      </Alert>
    )
  if (records.length === 0)
    return (
      <Typography color="text.secondary" sx={framed ? undefined : { p: 1 }}>
        {emptyText}
      </Typography>
    )

  if (isPhone) {
    const cards = <RecordCards label={label} records={records} card={card} />
    return framed ? <Card variant="outlined">{cards}</Card> : cards
  }

  const shown = columns.filter((column): column is RecordColumn<T> => column !== false)
  const table = (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {shown.map((column) => (
            <TableCell key={column.header}>{column.header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id} hover>
            {shown.map((column) => (
              <TableCell key={column.header} sx={column.sx}>
                {column.cell(record)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
  return framed ? (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      {table}
    </Card>
  ) : (
    table
  )
}
