import { useMutation } from '@tanstack/react-query'
import DownloadIcon from '@mui/icons-material/Download'
import {
  Button,
  DataTable,
  DateInput,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  TextInput,
  TopToolbar,
  downloadCSV,
  useDataProvider,
  useListContext,
} from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { PhoneFilterButton, usePhoneFilters } from '../../../components/PhoneFilters'
import { formatDateTime, roleName } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import {
  AUDIT_ACTION_CHOICES,
  AUDIT_SUBJECT_CHOICES,
  actionLabel,
  changesSummary,
  subjectText,
  type AuditEntry,
} from '../types'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search actor or subject" />,
  <TextInput key="actor" source="actor" label="Actor" helperText={false} alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="Action"
    choices={AUDIT_ACTION_CHOICES}
    alwaysOn
    emptyText="All actions"
  />,
  <SelectInput
    key="subjectType"
    source="subjectType"
    label="Subject"
    choices={AUDIT_SUBJECT_CHOICES}
    alwaysOn
    emptyText="All subjects"
  />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
]

/** The backend's CSV of every entry the current filters select (all pages, streamed). */
function AuditExportButton() {
  const { filterValues, total } = useListContext<AuditEntry>()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const auditExport = useMutation({
    mutationFn: () => dataProvider.exportAuditEntries({ filter: filterValues }),
    onSuccess: (csv) => downloadCSV(csv, 'audit-trail'),
    onError: (error) => flash.error(messageOf(error, 'Failed to export the audit trail. Please try again.')),
  })
  return (
    <Button label="Export CSV" onClick={() => auditExport.mutate()} disabled={!total || auditExport.isPending}>
      <DownloadIcon />
    </Button>
  )
}

function AuditListActions() {
  return (
    <TopToolbar>
      <PhoneFilterButton />
      <AuditExportButton />
    </TopToolbar>
  )
}

const actor = (entry: AuditEntry) => `${entry.actorName} (${roleName(entry.actorRole)})`

/**
 * The audit trail (super admins): every change staff made to lots, agencies, users and roles,
 * agent admins, memberships and bookings, newest first. Read-only; open an entry for its
 * before and after.
 */
export default function AuditEntryList() {
  const flash = useFlash()
  return (
    <List<AuditEntry>
      resource="admin/audit-entries"
      title="Audit Trail"
      filters={usePhoneFilters(filters)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<AuditListActions />}
      queryOptions={{ onError: () => flash.error('Failed to load the audit trail. Please try again later.') }}
    >
      <ListTableOrCards<AuditEntry>
        label="Audit entries"
        card={{
          primary: (entry) => actionLabel(entry.action),
          secondary: (entry) => [
            subjectText(entry),
            `${actor(entry)} · ${formatDateTime(entry.createdAt)}`,
            `Changed: ${changesSummary(entry)}`,
          ],
          actions: (entry) => <ShowButton record={entry} label="Details" />,
        }}
      >
        <DataTable<AuditEntry> bulkActionButtons={false} rowClick="show">
          <DataTable.Col<AuditEntry>
            source="createdAt"
            label="When"
            render={(entry) => formatDateTime(entry.createdAt)}
          />
          <DataTable.Col<AuditEntry> label="Actor" render={actor} />
          <DataTable.Col<AuditEntry> source="action" label="Action" render={(entry) => actionLabel(entry.action)} />
          <DataTable.Col<AuditEntry> source="subjectType" label="Subject" render={subjectText} />
          <DataTable.Col<AuditEntry> label="Changed" render={changesSummary} />
          <DataTable.Col<AuditEntry> source="ip" label="IP Address" disableSort render={(entry) => entry.ip ?? 'N/A'} />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
