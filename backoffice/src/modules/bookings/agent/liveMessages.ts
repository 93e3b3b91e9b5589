import { describeBookingMessage } from '../../../live/messages'
import { agentBookingBadge } from './agentStatus'

/** A pushed booking change as the agent admin's badges name its status. */
export function describeAgentBookingMessage(message: unknown): string | null {
  return describeBookingMessage(message, (status) => agentBookingBadge(status).label)
}
