import { useState } from 'react'
import { Button as MuiButton, Chip, Stack } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { Button, DataTable, List, SearchInput, TopToolbar, useBasename, useDelete, useRefresh } from 'react-admin'
import { Link } from 'react-router-dom'
import { ResponsiveConfirm } from '../../../components/ResponsiveDialog'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDate } from '../../../format'
import { useFlash } from '../../../messages'
import { agencyDeletedMessage, agencyDeletionError } from '../messages'
import type { Agency, AgencyDeletion } from '../types'
import { CreateAgencyDialog, EditAgencyDialog } from './AgencyDialogs'

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search agencies" />]

/**
 * Agencies Management (requirements: super-admin.md#agencies-management): list, create form, edit modal, delete
 * dialog.
 */
export default function AgencyList() {
  const flash = useFlash()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<Agency | null>(null)
  const [deleting, setDeleting] = useState<Agency | null>(null)

  const actions = (agency: Agency) => (
    <Stack direction="row" spacing={0.5}>
      <ViewButton agency={agency} />
      <Button label="Edit" onClick={() => setEditing(agency)}>
        <EditIcon />
      </Button>
      <Button label="Delete" color="error" onClick={() => setDeleting(agency)}>
        <DeleteIcon />
      </Button>
    </Stack>
  )

  return (
    <>
      <List<Agency>
        resource="admin/agencies"
        title="Agencies"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        queryOptions={{ onError: () => flash.error('Failed to load agencies. Please try again.') }}
        actions={
          <TopToolbar>
            <Button label="Create Agency" onClick={() => setCreating(true)}>
              <AddIcon />
            </Button>
          </TopToolbar>
        }
      >
        <ListTableOrCards<Agency>
          label="Agencies"
          card={{
            primary: (agency) => agency.name,
            secondary: (agency) => [agency.contactEmail, agency.contactPhone, agency.address],
            tertiary: (agency) => <AgencyStatusChip agency={agency} />,
            actions,
          }}
        >
          <DataTable<Agency> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col<Agency> source="name" label="Name" render={(agency) => <AgencyLink agency={agency} />} />
            <DataTable.Col<Agency> source="contactEmail" label="Contact Email" disableSort />
            <DataTable.Col<Agency>
              source="contactPhone"
              label="Phone"
              disableSort
              render={(agency) => agency.contactPhone || 'N/A'}
            />
            <DataTable.Col<Agency>
              source="address"
              label="Address"
              disableSort
              render={(agency) => agency.address || 'N/A'}
            />
            <DataTable.Col<Agency>
              source="isActive"
              label="Status"
              disableSort
              render={(agency) => <AgencyStatusChip agency={agency} />}
            />
            <DataTable.Col<Agency>
              source="createdAt"
              label="Created"
              render={(agency) => formatDate(agency.createdAt)}
            />
            <DataTable.Col<Agency> label="Actions" render={actions} />
          </DataTable>
        </ListTableOrCards>
      </List>
      <CreateAgencyDialog open={creating} onClose={() => setCreating(false)} />
      <EditAgencyDialog agency={editing} onClose={() => setEditing(null)} />
      <DeleteAgencyDialog agency={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function AgencyStatusChip({ agency }: { agency: Agency }) {
  return (
    <Chip
      size="small"
      label={agency.isActive ? 'Active' : 'Inactive'}
      color={agency.isActive ? 'success' : 'default'}
    />
  )
}

function AgencyLink({ agency }: { agency: Agency }) {
  const basename = useBasename()
  return (
    <MuiButton
      component={Link}
      to={`${basename}/admin/agencies/${agency.id}`}
      size="small"
      sx={{ textTransform: 'none', p: 0 }}
    >
      {agency.name}
    </MuiButton>
  )
}

function ViewButton({ agency }: { agency: Agency }) {
  const basename = useBasename()
  return (
    <MuiButton
      component={Link}
      to={`${basename}/admin/agencies/${agency.id}`}
      size="small"
      startIcon={<VisibilityIcon />}
    >
      View
    </MuiButton>
  )
}

function DeleteAgencyDialog({ agency, onClose }: { agency: Agency | null; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const [deleteAgency, { isPending }] = useDelete<Agency>()

  const confirm = () => {
    if (!agency) return
    deleteAgency(
      'admin/agencies',
      { id: agency.id, previousData: agency },
      {
        mutationMode: 'pessimistic',
        onSuccess: (result) => {
          flash.success(agencyDeletedMessage(result as unknown as AgencyDeletion))
          onClose()
          refresh()
        },
        onError: (error) => {
          flash.error(agencyDeletionError(error))
          onClose()
          refresh()
        },
      }
    )
  }

  return (
    <ResponsiveConfirm
      isOpen={agency !== null}
      loading={isPending}
      title="Delete Agency"
      content={`Are you sure you want to delete ${agency?.name ?? 'this agency'}? Its members and agent admins will become normal users. This action cannot be undone.`}
      confirm="Delete"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  )
}
