import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import type { BackofficeDataProvider } from '../../providers/dataProvider'
import type { PortfolioQuery } from './types'

/** Every cached read of the portfolio starts with this key. */
export const PORTFOLIO_KEY = ['portfolio'] as const

/** GET /api/agent-properties with the screen's search, status filter and sort (applied by the backend). */
export function usePortfolio(query: PortfolioQuery) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: [...PORTFOLIO_KEY, 'list', query],
    queryFn: () => dataProvider.getPortfolio(query),
    placeholderData: keepPreviousData,
  })
}

/** The Add to Catalogue choices, read when the dialog opens. */
export function useOwnedProperties(enabled: boolean) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: [...PORTFOLIO_KEY, 'owned'],
    queryFn: () => dataProvider.getOwnedProperties(),
    enabled,
  })
}
