import { useQuery } from '@tanstack/react-query'
import { useDataProvider } from 'react-admin'
import type { BackofficeDataProvider } from '../../providers/dataProvider'

/** The developments lots belong to (they change rarely: kept for the session). */
export function useDevelopments() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: ['properties'],
    queryFn: () => dataProvider.getDevelopments(),
    staleTime: Infinity,
  })
}
