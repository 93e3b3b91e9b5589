import { TableCell, Typography } from '@mui/material'

/** A lot in a price table: its lot number, with its unit number beneath when that differs. */
export function LotNumberCell({ lot }: { lot: { lotNumber: string; unitNumber: string | null } }) {
  return (
    <TableCell>
      {lot.lotNumber}
      {lot.unitNumber && lot.unitNumber !== lot.lotNumber ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {lot.unitNumber}
        </Typography>
      ) : null}
    </TableCell>
  )
}
