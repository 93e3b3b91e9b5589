import { RecordTable } from '../../../components/RecordTable'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { AgentTab } from '../../dashboards/agent/TabHeader'
import { useMembershipDecision, useMembershipRequests } from './agentQueries'
import { MembershipDecisionButtons } from './MembershipDecisionButtons'
import type { MembershipRequest } from './types'

/**
 * The agent dashboard's Agency Requests tab (requirements: agent-admin.md#membership-requests): the pending
 * membership requests of the
 * agency, each approved or rejected on the spot.
 */
export default function AgencyRequestsTab() {
  const flash = useFlash()
  const requests = useMembershipRequests('pending')
  const decision = useMembershipDecision({
    onSuccess: flash.success,
    onError: (_error, choice) =>
      flash.error(choice === 'approve' ? 'Failed to approve request' : 'Failed to reject request'),
  })

  const decide = (request: MembershipRequest) => <MembershipDecisionButtons request={request} decision={decision} />

  return (
    <AgentTab title="Agency Requests" query={requests} refreshFailure="Couldn't refresh agency requests">
      <RecordTable
        label="Agency membership requests"
        records={requests.data}
        loading={requests.isPending}
        failureText="Failed to load agency membership requests"
        emptyText="No pending membership requests."
        columns={[
          { header: 'Name', cell: (request) => request.name ?? 'N/A' },
          { header: 'Email', cell: (request) => request.email ?? 'N/A' },
          { header: 'Request Date', cell: (request) => formatDateTime(request.createdAt) },
          {
            header: 'Message',
            cell: (request) => request.message || 'N/A',
            sx: { maxWidth: 320, whiteSpace: 'pre-line' },
          },
          { header: 'Actions', cell: decide },
        ]}
        card={{
          primary: (request) => request.name ?? 'N/A',
          secondary: (request) => [request.email ?? 'N/A', formatDateTime(request.createdAt), request.message],
          actions: decide,
        }}
      />
    </AgentTab>
  )
}
