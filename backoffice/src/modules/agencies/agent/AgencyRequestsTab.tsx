import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import { useMembershipDecision, useMembershipRequests } from './agentQueries'

/**
 * The agent dashboard's Agency Requests tab (spec 001): the pending membership requests of the
 * agency, each approved or rejected on the spot.
 */
export default function AgencyRequestsTab() {
  const flash = useFlash()
  const requests = useMembershipRequests('pending')
  const refresh = useTabRefresh(requests.refetch, "Couldn't refresh agency requests")
  const decision = useMembershipDecision({
    onSuccess: flash.success,
    onError: (_error, choice) =>
      flash.error(choice === 'approve' ? 'Failed to approve request' : 'Failed to reject request'),
  })

  return (
    <Box component="section" aria-label="Agency Requests" sx={{ width: '100%' }}>
      <TabHeader
        title="Agency Requests"
        updatedAt={requests.dataUpdatedAt}
        refreshing={requests.isFetching}
        onRefresh={refresh}
      />
      {requests.isPending ? (
        <CircularProgress size={22} />
      ) : !requests.data ? (
        <Alert severity="error" role="alert">
          Failed to load agency membership requests
        </Alert>
      ) : requests.data.length === 0 ? (
        <Typography color="text.secondary">No pending membership requests.</Typography>
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Agency membership requests">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Request Date</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {requests.data.map((request) => (
                <TableRow key={request.id} hover>
                  <TableCell>{request.name ?? 'N/A'}</TableCell>
                  <TableCell>{request.email ?? 'N/A'}</TableCell>
                  <TableCell>{formatDateTime(request.createdAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-line' }}>{request.message || 'N/A'}</TableCell>
                  <TableCell>
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
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  )
}
