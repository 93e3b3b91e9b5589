import { useMutation } from '@tanstack/react-query'
import { useDataProvider, useRefresh } from 'react-admin'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { BookingAction } from '../types'
import type { BookingSide, DecisionInput } from './bookingSides'

// Apart from bookingSides.ts: only the dialogs send decisions, so the lists' code leaves out
// react-query's mutations.

/** Sends a decision to the side's endpoint; every screen then reads its data again. */
export function useBookingDecision<Decision extends BookingAction>(
  side: BookingSide<Decision>,
  {
    onSuccess,
    onError,
  }: {
    onSuccess: (result: { message: string }, decision: Decision) => void
    onError: (error: unknown, decision: Decision) => void
  }
) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: DecisionInput<Decision>) => side.send(dataProvider, input),
    onSuccess: (result, { decision }) => {
      onSuccess(result, decision)
      setTimeout(refresh, side.reloadAfterMs)
    },
    onError: (error, { decision }) => onError(error, decision),
  })
}
