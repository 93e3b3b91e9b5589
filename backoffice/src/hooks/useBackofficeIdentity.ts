import { useGetIdentity } from 'react-admin'
import type { BackofficeIdentity } from '../providers/authProvider'

/** react-admin's identity, typed as the authProvider's getIdentity answers it. */
export function useBackofficeIdentity() {
  const { identity, isPending, error } = useGetIdentity()
  return { identity: identity as BackofficeIdentity | undefined, isPending, error }
}
