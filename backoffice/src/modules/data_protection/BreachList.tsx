import { CreateButton, DataTable, List, SelectInput, TopToolbar } from 'react-admin'
import { formatDateTime } from '../../format'
import { useFlash } from '../../messages'
import { BREACH_STATUS_CHOICES, clockText, type DataBreach } from './types'

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={BREACH_STATUS_CHOICES} alwaysOn emptyText="All" />,
]

/** The breach register (super admins): every incident, with its notification clocks. */
export default function BreachList() {
  const flash = useFlash()
  return (
    <List<DataBreach>
      resource="admin/data-breaches"
      title="Breach Register"
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'discoveredAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="Record a breach" />
        </TopToolbar>
      }
      queryOptions={{ onError: () => flash.error('Failed to load the breach register. Please try again later.') }}
    >
      <DataTable<DataBreach> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col<DataBreach> source="discoveredAt" label="Found" render={(r) => formatDateTime(r.discoveredAt)} />
        <DataTable.Col<DataBreach> source="description" label="What happened" disableSort />
        <DataTable.Col<DataBreach> source="affectedCount" label="People" disableSort />
        <DataTable.Col<DataBreach>
          label="Commissioner (72 h)"
          disableSort
          render={(r) => clockText(r.clocks.commissioner)}
        />
        <DataTable.Col<DataBreach>
          label="People (7 days)"
          disableSort
          render={(r) => clockText(r.clocks.individuals)}
        />
        <DataTable.Col<DataBreach> source="status" label="Status" />
      </DataTable>
    </List>
  )
}
