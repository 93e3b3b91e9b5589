import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material'
import { Title, usePermissions } from 'react-admin'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { Role } from '../../../roles'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import { useMembershipDecision, useMembershipRequests } from './agentQueries'
import { MEMBERSHIP_FILTERS, type MembershipRequestStatus } from './types'

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
 * Agency Membership Requests (spec 001, /agent/agency-requests): the requests with their status,
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
          sx={{ mb: 1 }}
        >
          {MEMBERSHIP_FILTERS.map((filter) => (
            <Tab key={filter.id} value={filter.id} label={filter.name} />
          ))}
        </Tabs>
        {requests.isPending ? (
          <CircularProgress size={22} />
        ) : !requests.data ? (
          <Alert severity="error" role="alert">
            Failed to load agency requests
          </Alert>
        ) : requests.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            No membership requests found.
          </Typography>
        ) : (
          <Table size="small" aria-label="Membership requests">
            <TableHead>
              <TableRow>
                <TableCell>User</TableCell>
                <TableCell>Contact</TableCell>
                {acrossAgencies && <TableCell>Agency</TableCell>}
                <TableCell>Request Date</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {requests.data.map((request) => {
                const chip = STATUS_CHIPS[request.status] ?? { label: request.status, color: 'default' as const }
                return (
                  <TableRow key={request.id} hover>
                    <TableCell>
                      <div>{request.name ?? 'N/A'}</div>
                      <Typography variant="caption" color="text.secondary">
                        {request.position}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <div>{request.email ?? 'N/A'}</div>
                      <Typography variant="caption" color="text.secondary">
                        {request.phone || 'N/A'}
                      </Typography>
                    </TableCell>
                    {acrossAgencies && <TableCell>{request.agencyName ?? 'N/A'}</TableCell>}
                    <TableCell>{formatDateTime(request.createdAt)}</TableCell>
                    <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-line' }}>{request.message || 'N/A'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={chip.label} color={chip.color} />
                    </TableCell>
                    <TableCell>
                      {request.status === 'pending' ? (
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="contained"
                            color="success"
                            disabled={decision.isPending}
                            onClick={() => decision.mutate({ userId: request.userId, decision: 'approve' })}
                          >
                            Approve
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            disabled={decision.isPending}
                            onClick={() => decision.mutate({ userId: request.userId, decision: 'reject' })}
                          >
                            Reject
                          </Button>
                        </Stack>
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          {request.decidedAt ? formatDateTime(request.decidedAt) : '—'}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </Box>
  )
}
