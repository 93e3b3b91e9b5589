import { Chip } from '@mui/material'
import { agentBookingBadge } from './agentStatus'

export function AgentBookingStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = agentBookingBadge(status)
  return <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />
}
