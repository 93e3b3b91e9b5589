import { DataTable, List, SelectInput } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { usePhoneFilters } from '../../../components/PhoneFilters'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { DELETION_STATUS_CHOICES, deletionStatusLabel, type DeletionRequest } from '../types'
import DecideDeletionButtons from './DecideDeletionButtons'

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={DELETION_STATUS_CHOICES}
    alwaysOn
    emptyText="All requests"
  />,
]

const answer = (request: DeletionRequest) =>
  request.status === 'pending'
    ? 'Awaiting your answer'
    : `${deletionStatusLabel(request.status)} by ${request.decidedBy ?? 'a super admin'} on ${formatDateTime(request.decidedAt)}${
        request.declineReason ? `: ${request.declineReason}` : ''
      }`

/** Account deletion requests (super admins): confirm (anonymise the account) or decline with a reason. */
export default function DeletionRequestList() {
  const flash = useFlash()
  return (
    <List<DeletionRequest>
      resource="admin/account-deletion-requests"
      title="Deletion Requests"
      filters={usePhoneFilters(filters)}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={{ onError: () => flash.error('Failed to load the deletion requests. Please try again later.') }}
    >
      <ListTableOrCards<DeletionRequest>
        label="Deletion requests"
        card={{
          primary: (r) => r.user,
          secondary: (r) => [
            `Asked ${formatDateTime(r.createdAt)}`,
            r.reason ? `Reason: ${r.reason}` : null,
            answer(r),
          ],
          actions: (r) => <DecideDeletionButtons record={r} />,
        }}
      >
        <DataTable<DeletionRequest> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<DeletionRequest>
            source="createdAt"
            label="Asked"
            render={(r) => formatDateTime(r.createdAt)}
          />
          <DataTable.Col<DeletionRequest> source="user" label="Person" disableSort />
          <DataTable.Col<DeletionRequest> source="reason" label="Reason" disableSort render={(r) => r.reason ?? '—'} />
          <DataTable.Col<DeletionRequest> source="status" label="Status" render={answer} />
          <DataTable.Col<DeletionRequest> label="Actions" render={(r) => <DecideDeletionButtons record={r} />} />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
