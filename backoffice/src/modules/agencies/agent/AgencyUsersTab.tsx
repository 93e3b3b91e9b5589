import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import { Confirm, useBasename } from 'react-admin'
import { Link } from 'react-router-dom'
import { roleName } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { User } from '../../../providers/user'
import { TabHeader, useTabRefresh } from '../../dashboards/agent/TabHeader'
import { useAgencyPeople, useRemoveAgencyMember, useSignedInUser } from './agentQueries'
import { removalOffered } from './removal'

const STATUS_LABELS: Record<User['agencyStatus'], string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  none: 'None',
}

/**
 * The agent dashboard's Agency Users tab (spec 001): the agency's agent admins and members.
 * Remove takes a member out of the agency for real, after a confirmation.
 */
export default function AgencyUsersTab() {
  const flash = useFlash()
  const basename = useBasename()
  const me = useSignedInUser()
  const people = useAgencyPeople(me.data?.agencyId)
  const [removing, setRemoving] = useState<User | null>(null)
  const refresh = useTabRefresh(people.refetch, "Couldn't refresh users")
  const removal = useRemoveAgencyMember({
    onSuccess: (message) => {
      flash.success(message)
      setRemoving(null)
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to remove user')),
  })

  const loading = me.isPending || (people.isPending && people.fetchStatus !== 'idle')
  const failed = me.error || (people.error && !people.data) || (me.isSuccess && me.data.agencyId === null)

  return (
    <Box component="section" aria-label="Agency Users" sx={{ width: '100%' }}>
      <TabHeader
        title="Agency Users"
        updatedAt={people.dataUpdatedAt}
        refreshing={people.isFetching}
        onRefresh={refresh}
      />
      {loading ? (
        <CircularProgress size={22} />
      ) : failed || !people.data ? (
        <Alert severity="error" role="alert">
          Failed to load dashboard data. Please try again later.
        </Alert>
      ) : people.data.length === 0 ? (
        <Typography color="text.secondary">No users in this agency yet.</Typography>
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Agency users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Phone</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {people.data.map((person) => (
                <TableRow key={person.id} hover>
                  <TableCell>{person.name}</TableCell>
                  <TableCell>{person.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.phone || 'N/A'}</TableCell>
                  <TableCell>{roleName(person.role)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={STATUS_LABELS[person.agencyStatus] ?? person.agencyStatus}
                      color={person.agencyStatus === 'approved' ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {person.role === 'user' && (
                        <Button
                          size="small"
                          sx={{ whiteSpace: 'nowrap' }}
                          component={Link}
                          to={`${basename}/bookings/create?userId=${person.id}`}
                        >
                          Create Booking
                        </Button>
                      )}
                      {removalOffered(person, me.data) && (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<PersonRemoveIcon />}
                          onClick={() => setRemoving(person)}
                        >
                          Remove
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <Confirm
        isOpen={removing !== null}
        loading={removal.isPending}
        title="Remove User"
        content={`Are you sure you want to remove ${
          removing?.name ?? 'this user'
        } from the agency? They will become a normal user.`}
        confirm="Remove"
        confirmColor="warning"
        onConfirm={() => {
          if (removing && me.data?.agencyId != null) removal.mutate({ agencyId: me.data.agencyId, userId: removing.id })
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  )
}
