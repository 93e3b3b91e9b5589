import type { Identifier } from 'react-admin'
import type { User } from '@aero/shared/user'
import type { DataProviderApi } from '../../plugins/types'
import type { ActionResult } from '../../providers/restProvider'
import type { MembershipDecision, MembershipRequest, MembershipRequestStatus } from './agent/types'

/** An agency's people: its agent admins, its members and their membership requests. */
export const agenciesDataProvider = ({ json }: DataProviderApi) => ({
  /** An agency's agent admins and approved members. */
  getAgencyPeople: (agencyId: Identifier) => json<User[]>(`/agencies/${encodeURIComponent(agencyId)}/users`),

  assignAgentAdmin: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
    json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/agent-admins`, {
      method: 'POST',
      body: JSON.stringify({ userId: Number(userId) }),
    }),

  removeAgentAdmin: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
    json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/agent-admins/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
    }),

  /** An agent admin takes a member out of their agency (never themselves; the backend checks). */
  removeAgencyMember: ({ agencyId, userId }: { agencyId: Identifier; userId: Identifier }) =>
    json<ActionResult<User>>(`/agencies/${encodeURIComponent(agencyId)}/users/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
    }),

  /** The membership requests of the agent admin's agency (the backend scopes them), pending by default. */
  getMembershipRequests: ({ status = 'pending' }: { status?: MembershipRequestStatus | 'all' } = {}) =>
    json<MembershipRequest[]>(`/users/agency-requests?${new URLSearchParams({ status })}`),

  decideMembershipRequest: ({ userId, decision }: { userId: Identifier; decision: MembershipDecision }) =>
    json<ActionResult<{ request: MembershipRequest }>>(
      `/users/${encodeURIComponent(userId)}/agency-request/${decision}`,
      { method: 'PUT', body: JSON.stringify({}) }
    ),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    agencies: ReturnType<typeof agenciesDataProvider>
  }
}
