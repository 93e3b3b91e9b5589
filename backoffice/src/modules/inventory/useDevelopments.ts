import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import type { BackofficeDataProvider } from '../../providers/dataProvider'

/** The developments' query key: a settings dialog listing them shares the one read. */
export const DEVELOPMENTS_QUERY_KEY = 'properties'

/** The developments lots belong to (they change rarely: kept for the session). */
export function useDevelopments() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: [DEVELOPMENTS_QUERY_KEY],
    queryFn: () => dataProvider.getDevelopments(),
    staleTime: Infinity,
  })
}
