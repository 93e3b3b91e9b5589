import { useState } from 'react'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import { useMutation } from '@tanstack/react-query'
import { Button, DataTable, List, SearchInput, TopToolbar, useDataProvider, useRefresh } from 'react-admin'
import { ResponsiveConfirm } from '../../../components/ResponsiveDialog'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDate } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { User } from '@aero/shared/user'
import { AssignAgentAdminDialog } from './AssignAgentAdminDialog'

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search agent admins" />]

/**
 * Agent Admins Management (requirements: super-admin.md#agent-admins-management): who runs which agency; assign
 * and remove.
 */
export default function AgentAdminList() {
  const flash = useFlash()
  const [assigning, setAssigning] = useState(false)
  const [removing, setRemoving] = useState<User | null>(null)

  const remove = (user: User) => (
    <Button label="Remove" color="error" onClick={() => setRemoving(user)} disabled={user.agencyId === null}>
      <PersonRemoveIcon />
    </Button>
  )

  return (
    <>
      <List<User>
        resource="admin/agent-admins"
        title="Agent Admins"
        filter={{ role: 'agent_admin' }}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        exporter={false}
        queryOptions={{ onError: () => flash.error('Failed to load agencies and users. Please try again later.') }}
        actions={
          <TopToolbar>
            <Button label="Assign Agent Admin" onClick={() => setAssigning(true)}>
              <PersonAddIcon />
            </Button>
          </TopToolbar>
        }
      >
        <ListTableOrCards<User>
          label="Agent admins"
          card={{
            primary: (user) => user.name,
            secondary: (user) => [
              user.email,
              user.phone,
              `${user.agencyName || 'N/A'} · since ${formatDate(user.agencyStatusDate)}`,
            ],
            actions: remove,
          }}
        >
          <DataTable<User> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col<User> source="name" label="Name" />
            <DataTable.Col<User> source="email" label="Email" />
            <DataTable.Col<User> source="phone" label="Phone" disableSort render={(user) => user.phone || 'N/A'} />
            <DataTable.Col<User>
              source="agencyName"
              label="Agency"
              disableSort
              render={(user) => user.agencyName || 'N/A'}
            />
            <DataTable.Col<User>
              source="agencyStatusDate"
              label="Since"
              disableSort
              render={(user) => formatDate(user.agencyStatusDate)}
            />
            <DataTable.Col<User> label="Actions" render={remove} />
          </DataTable>
        </ListTableOrCards>
      </List>
      <AssignAgentAdminDialog open={assigning} onClose={() => setAssigning(false)} />
      <RemoveAgentAdminDialog agentAdmin={removing} onClose={() => setRemoving(null)} />
    </>
  )
}

function RemoveAgentAdminDialog({ agentAdmin, onClose }: { agentAdmin: User | null; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const removal = useMutation({
    mutationFn: (user: User) => dataProvider.removeAgentAdmin({ agencyId: user.agencyId!, userId: user.id }),
    onSuccess: (result) => {
      flash.success(result.message)
      onClose()
      refresh()
    },
    onError: (error) => flash.error(messageOf(error, 'Failed to remove agent admin')),
  })

  return (
    <ResponsiveConfirm
      isOpen={agentAdmin !== null}
      loading={removal.isPending}
      title="Remove Agent Admin"
      content={`Are you sure you want to remove ${agentAdmin?.name ?? 'this user'} as agent admin of ${agentAdmin?.agencyName ?? 'their agency'}? They will become a normal user.`}
      confirm="Remove"
      confirmColor="warning"
      onConfirm={() => agentAdmin && removal.mutate(agentAdmin)}
      onClose={onClose}
    />
  )
}
