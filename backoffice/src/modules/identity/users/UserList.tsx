import { lazy, Suspense, useState } from 'react'
import { Box, Stack } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import {
  Button,
  CreateButton,
  DataTable,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDelete,
  useRefresh,
} from 'react-admin'
import { ResponsiveConfirm } from '../../../components/ResponsiveDialog'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { PhoneFilterButton, usePhoneFilters } from '../../../components/PhoneFilters'
import { formatDate, roleName } from '../../../format'
import { useBackofficeIdentity } from '../../../hooks/useBackofficeIdentity'
import { useIsLaptop } from '../../../hooks/useIsLaptop'
import { messageOf, useFlash } from '../../../messages'
import type { User } from '@aero/shared/user'
import { deleteOffered } from './deletion'
import { ROLE_FILTER_CHOICES } from './roleChoices'
import { UserStatistics } from './UserStatistics'
import { bumiputeraStatusLabel } from './bumiputera'

// Loaded when first opened.
const BumiputeraDialog = lazy(() => import('./BumiputeraDialog'))

export const DELETE_USER_CONFIRMATION = 'Are you sure you want to delete this user? This action cannot be undone.'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_FILTER_CHOICES} alwaysOn emptyText="All roles" />,
]

/**
 * Users Management (requirements: super-admin.md#users-management): search, role filter, statistics, create,
 * edit, delete.
 */
export default function UserList() {
  const flash = useFlash()
  const { identity } = useBackofficeIdentity()
  const [deleting, setDeleting] = useState<User | null>(null)
  const [deciding, setDeciding] = useState<User | null>(null)
  // On a laptop the email and phone go under the name: Edit and Delete stay on screen.
  const laptop = useIsLaptop()
  const actions = (user: User) => (
    <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
      <EditButton record={user} />
      <Button label="Bumiputera" onClick={() => setDeciding(user)} aria-label={`Bumiputera status of ${user.name}`} />
      {deleteOffered(user, identity?.id) && (
        <Button label="Delete" color="error" onClick={() => setDeleting(user)}>
          <DeleteIcon />
        </Button>
      )}
    </Stack>
  )

  return (
    <>
      <UserStatistics />
      <List<User>
        resource="admin/users"
        title="Users"
        filters={usePhoneFilters(filters)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        queryOptions={{ onError: () => flash.error('Failed to load users. Please try again later.') }}
        actions={
          <TopToolbar>
            <PhoneFilterButton />
            <CreateButton label="Create User" />
          </TopToolbar>
        }
      >
        <ListTableOrCards<User>
          label="Users"
          card={{
            primary: (user) => user.name,
            secondary: (user) => [
              user.email,
              `${roleName(user.role)} · ${user.agencyName || 'N/A'}`,
              `Joined ${formatDate(user.createdAt)}`,
              `Bumiputera: ${bumiputeraStatusLabel(user.bumiputeraStatus)}`,
            ],
            actions,
          }}
        >
          <DataTable<User> bulkActionButtons={false} rowClick={false}>
            {laptop ? (
              <DataTable.Col<User>
                source="name"
                label="Name"
                render={(user) => (
                  <>
                    {user.name}
                    <Box sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{user.email}</Box>
                    <Box sx={{ color: 'text.secondary' }}>{user.phone || 'N/A'}</Box>
                  </>
                )}
              />
            ) : (
              <DataTable.Col<User> source="name" label="Name" />
            )}
            {laptop ? null : <DataTable.Col<User> source="email" label="Email" />}
            {laptop ? null : (
              <DataTable.Col<User> source="phone" label="Phone" disableSort render={(user) => user.phone || 'N/A'} />
            )}
            <DataTable.Col<User> source="role" label="Role" render={(user) => roleName(user.role)} />
            <DataTable.Col<User>
              source="agencyName"
              label="Agency"
              disableSort
              render={(user) => user.agencyName || 'N/A'}
            />
            <DataTable.Col<User>
              source="bumiputeraStatus"
              label="Bumiputera"
              disableSort
              render={(user) => bumiputeraStatusLabel(user.bumiputeraStatus)}
            />
            <DataTable.Col<User> source="createdAt" label="Joined" render={(user) => formatDate(user.createdAt)} />
            <DataTable.Col<User> label="Actions" render={actions} />
          </DataTable>
        </ListTableOrCards>
      </List>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      {deciding ? (
        <Suspense fallback={null}>
          <BumiputeraDialog userId={deciding.id} onClose={() => setDeciding(null)} />
        </Suspense>
      ) : null}
    </>
  )
}

function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const [deleteUser, { isPending }] = useDelete<User>()
  const confirm = () => {
    if (!user) return
    deleteUser(
      'admin/users',
      { id: user.id, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          flash.success('User deleted successfully')
          onClose()
          refresh()
        },
        // e.g. 403 'A super admin cannot be deleted by another super admin'.
        onError: (error) => {
          flash.error(messageOf(error, 'Failed to delete user'))
          onClose()
        },
      }
    )
  }
  return (
    <ResponsiveConfirm
      isOpen={user !== null}
      loading={isPending}
      title="Delete User"
      content={DELETE_USER_CONFIRMATION}
      confirm="Delete"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  )
}
