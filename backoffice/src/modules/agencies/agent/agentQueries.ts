import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDataProvider, useGetOne, type Identifier } from 'react-admin'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { User } from '@aero/shared/user'
import type { MembershipDecision, MembershipRequestStatus } from './types'

/** Every cached read of the agent admin's agency people and requests starts with this key. */
const AGENT_AGENCY_KEY = ['agencies', 'agent'] as const

/** The signed-in agent admin (GET /api/users/me): who they are and which agency they run. */
export function useSignedInUser() {
  return useGetOne<User>('users', { id: 'me' })
}

/** The agency's agent admins and approved members (GET /api/agencies/:id/users). */
export function useAgencyPeople(agencyId: Identifier | null | undefined) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: [...AGENT_AGENCY_KEY, 'people', agencyId],
    queryFn: () => dataProvider.getAgencyPeople(agencyId!),
    enabled: agencyId !== null && agencyId !== undefined,
  })
}

/** The agency's membership requests (the backend answers the agent admin's agency only). */
export function useMembershipRequests(status: MembershipRequestStatus | 'all') {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  return useQuery({
    queryKey: [...AGENT_AGENCY_KEY, 'requests', status],
    queryFn: () => dataProvider.getMembershipRequests({ status }),
  })
}

/** After a change, the people, the requests and the dashboard counts are read again. */
function useInvalidateAgency() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: AGENT_AGENCY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['dashboard', 'agent'] }),
    ])
}

/** Approve or reject a membership request (PUT /api/users/:userId/agency-request/approve|reject). */
export function useMembershipDecision({
  onSuccess,
  onError,
}: {
  onSuccess: (message: string) => void
  onError: (error: unknown, decision: MembershipDecision) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const invalidate = useInvalidateAgency()
  return useMutation({
    mutationFn: (input: { userId: Identifier; decision: MembershipDecision }) =>
      dataProvider.decideMembershipRequest(input),
    onSuccess: async (result, { decision }) => {
      onSuccess(result.message || `Request ${decision === 'approve' ? 'approved' : 'rejected'} successfully`)
      await invalidate()
    },
    onError: (error, { decision }) => onError(error, decision),
  })
}

/** Take a member out of the agency (DELETE /api/agencies/:id/users/:userId). */
export function useRemoveAgencyMember({
  onSuccess,
  onError,
}: {
  onSuccess: (message: string) => void
  onError: (error: unknown) => void
}) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const invalidate = useInvalidateAgency()
  return useMutation({
    mutationFn: (input: { agencyId: Identifier; userId: Identifier }) => dataProvider.removeAgencyMember(input),
    onSuccess: async (result) => {
      onSuccess(result.message)
      await invalidate()
    },
    onError,
  })
}
