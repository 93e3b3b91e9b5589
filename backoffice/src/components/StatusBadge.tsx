import { Chip } from '@mui/material'
import { bookingBadge, lotBadge } from '../format'

export function BookingStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = bookingBadge(status)
  return <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />
}

export function LotStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = lotBadge(status)
  return <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />
}
