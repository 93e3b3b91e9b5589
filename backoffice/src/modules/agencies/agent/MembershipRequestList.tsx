import { useState } from 'react'
import { Box, Card, Chip, Tab, Tabs, Typography } from '@mui/material'
import { Title, usePermissions } from 'react-admin'
import { RecordTable } from '../../../components/RecordTable'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { Role } from '../../../roles'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import { useMembershipDecision, useMembershipRequests } from './agentQueries'
import { MembershipDecisionButtons } from './MembershipDecisionButtons'
import { MEMBERSHIP_FILTERS, type MembershipRequest, type MembershipRequestStatus } from './types'

const STATUS_CHIPS: Record<
  MembershipRequestStatus,
  { label: string; color: 'warning' | 'success' | 'error' | 'default' }
> = {
  pending: { label: 'Pending', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  withdrawn: { label: 'Removed', color: 'default' },
}

/**
 * Agency Membership Requests, /agent/agency-requests (requirements: agent-admin.md#membership-requests): the
 * requests with their status,
 * all of them first (the filters' first entry); pending ones are approved or rejected here. An
 * agent admin sees their agency's (the backend scopes them); a super admin every agency's, with
 * an Agency column.
 */
export default function MembershipRequestList() {
  const flash = useFlash()
  const { permissions } = usePermissions<Role>()
  const acrossAgencies = permissions === 'super_admin'
  const [status, setStatus] = useState<MembershipRequestStatus | 'all'>('all')
  const requests = useMembershipRequests(status)
  const refresh = useTabRefresh(requests.refetch, 'Failed to load agency requests')
  const decision = useMembershipDecision({
    onSuccess: flash.success,
    onError: (error) => flash.error(messageOf(error, 'Failed to update request status')),
  })

  const answer = (request: MembershipRequest) =>
    request.status === 'pending' ? (
      <MembershipDecisionButtons request={request} decision={decision} />
    ) : (
      <Typography variant="caption" color="text.secondary">
        {request.decidedAt ? formatDateTime(request.decidedAt) : '—'}
      </Typography>
    )

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Agency Membership Requests" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Agency Membership Requests
      </Typography>
      <Card sx={{ p: 2 }}>
        <TabHeader
          title="Requests"
          updatedAt={requests.dataUpdatedAt}
          refreshing={requests.isFetching}
          onRefresh={refresh}
        />
        <Tabs
          value={status}
          onChange={(_event, next: MembershipRequestStatus | 'all') => setStatus(next)}
          aria-label="Membership request status"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1 }}
        >
          {MEMBERSHIP_FILTERS.map((filter) => (
            <Tab key={filter.id} value={filter.id} label={filter.name} />
          ))}
        </Tabs>
        <RecordTable
          label="Membership requests"
          records={requests.data}
          loading={requests.isPending}
          failureText="Failed to load agency requests"
          emptyText="No membership requests found."
          framed={false}
          columns={[
            {
              header: 'User',
              cell: (request) => (
                <>
                  <div>{request.name ?? 'N/A'}</div>
                  <Typography variant="caption" color="text.secondary">
                    {request.position}
                  </Typography>
                </>
              ),
            },
            {
              header: 'Contact',
              cell: (request) => (
                <>
                  <div>{request.email ?? 'N/A'}</div>
                  <Typography variant="caption" color="text.secondary">
                    {request.phone || 'N/A'}
                  </Typography>
                </>
              ),
              // A long address breaks rather than push the actions off a laptop's screen.
              sx: { maxWidth: 240, overflowWrap: 'anywhere' },
            },
            acrossAgencies && { header: 'Agency', cell: (request) => request.agencyName ?? 'N/A' },
            { header: 'Request Date', cell: (request) => formatDateTime(request.createdAt) },
            {
              header: 'Message',
              cell: (request) => request.message || 'N/A',
              sx: { maxWidth: 260, whiteSpace: 'pre-line' },
            },
            { header: 'Status', cell: (request) => <MembershipStatusChip status={request.status} /> },
            { header: 'Actions', cell: answer },
          ]}
          card={{
            primary: (request) => request.name ?? 'N/A',
            secondary: (request) => [
              [request.email, request.phone].filter(Boolean).join(' · ') || 'N/A',
              acrossAgencies && request.agencyName,
              formatDateTime(request.createdAt),
              request.message,
            ],
            tertiary: (request) => <MembershipStatusChip status={request.status} />,
            // A decided request has nothing left to do; its card ends with the request.
            actions: (request) => request.status === 'pending' && answer(request),
          }}
        />
      </Card>
    </Box>
  )
}

function MembershipStatusChip({ status }: { status: MembershipRequestStatus }) {
  const chip = STATUS_CHIPS[status] ?? { label: status, color: 'default' as const }
  return <Chip size="small" label={chip.label} color={chip.color} />
}
