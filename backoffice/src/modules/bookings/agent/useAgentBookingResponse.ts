import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useDataProvider, type Identifier } from 'react-admin'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import { AGENT_BOOKINGS_RESOURCE, type AgentBookingAction } from './types'

/**
 * PUT /api/bookings/:id/agent-response, then every agent view of bookings and the dashboard
 * counts are read again.
 */
export function useAgentBookingResponse({
  onSuccess,
  onError,
}: {
  onSuccess: (result: { message: string }, action: AgentBookingAction) => void
  onError: (error: unknown, action: AgentBookingAction) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: Identifier; action: AgentBookingAction; agentNotes?: string | null }) =>
      dataProvider.respondToBooking(input),
    onSuccess: async (result, { action }) => {
      onSuccess(result, action)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [AGENT_BOOKINGS_RESOURCE] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'agent'] }),
      ])
    },
    onError: (error, { action }) => onError(error, action),
  })
}
