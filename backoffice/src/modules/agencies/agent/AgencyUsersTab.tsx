import { lazy, Suspense, useState } from 'react'
import { Button, Chip, Stack } from '@mui/material'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import { useBasename } from 'react-admin'
import { Link } from 'react-router-dom'
import { RecordTable } from '../../../components/RecordTable'
import { ResponsiveConfirm } from '../../../components/ResponsiveDialog'
import { roleName } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { User } from '@aero/shared/user'
import { AgentTab } from '../../dashboards/agent/TabHeader'
import { bumiputeraStatusLabel } from '../../identity/users/bumiputera'
import { useAgencyPeople, useRemoveAgencyMember, useSignedInUser } from './agentQueries'
import { removalOffered } from './removal'

// The Users list's own dialog, loaded when first opened.
const BumiputeraDialog = lazy(() => import('../../identity/users/BumiputeraDialog'))

const STATUS_LABELS: Record<User['agencyStatus'], string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  none: 'None',
}

const statusChip = (person: User) => (
  <Chip
    size="small"
    label={STATUS_LABELS[person.agencyStatus] ?? person.agencyStatus}
    color={person.agencyStatus === 'approved' ? 'success' : 'default'}
  />
)

/**
 * The agent dashboard's Agency Users tab (requirements: agent-admin.md#agency-users): the agency's agent admins
 * and members.
 * Remove takes a member out of the agency for real, after a confirmation; Bumiputera opens a person's declared
 * status and evidence to verify or reject it.
 */
export default function AgencyUsersTab() {
  const flash = useFlash()
  const basename = useBasename()
  const me = useSignedInUser()
  const people = useAgencyPeople(me.data?.agencyId)
  const [removing, setRemoving] = useState<User | null>(null)
  const [deciding, setDeciding] = useState<User | null>(null)
  const removal = useRemoveAgencyMember({
    onSuccess: (message) => {
      flash.success(message)
      setRemoving(null)
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to remove user')),
  })

  const loading = me.isPending || (people.isPending && people.fetchStatus !== 'idle')
  const failed = !!me.error || (me.isSuccess && me.data.agencyId === null)

  const actions = (person: User) => (
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
      {/* Never on one's own row: nobody decides their own status. */}
      {me.data && String(person.id) !== String(me.data.id) && (
        <Button size="small" onClick={() => setDeciding(person)} aria-label={`Bumiputera status of ${person.name}`}>
          Bumiputera
        </Button>
      )}
      {removalOffered(person, me.data) && (
        <Button size="small" color="error" startIcon={<PersonRemoveIcon />} onClick={() => setRemoving(person)}>
          Remove
        </Button>
      )}
    </Stack>
  )

  return (
    <AgentTab title="Agency Users" query={people} refreshFailure="Couldn't refresh users">
      <RecordTable
        label="Agency users"
        records={failed ? undefined : people.data}
        loading={loading}
        failureText="Failed to load dashboard data. Please try again later."
        emptyText="No users in this agency yet."
        columns={[
          { header: 'Name', cell: (person) => person.name },
          { header: 'Email', cell: (person) => person.email },
          { header: 'Phone', cell: (person) => person.phone || 'N/A', sx: { whiteSpace: 'nowrap' } },
          { header: 'Role', cell: (person) => roleName(person.role) },
          { header: 'Status', cell: statusChip },
          { header: 'Bumiputera', cell: (person) => bumiputeraStatusLabel(person.bumiputeraStatus) },
          { header: 'Actions', cell: actions },
        ]}
        card={{
          primary: (person) => person.name,
          secondary: (person) => [
            person.email,
            `${person.phone || 'N/A'} · ${roleName(person.role)}`,
            `Bumiputera: ${bumiputeraStatusLabel(person.bumiputeraStatus)}`,
          ],
          tertiary: statusChip,
          actions,
        }}
      />
      <ResponsiveConfirm
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
      {deciding ? (
        <Suspense fallback={null}>
          <BumiputeraDialog userId={deciding.id} onClose={() => setDeciding(null)} />
        </Suspense>
      ) : null}
    </AgentTab>
  )
}
