import DownloadIcon from '@mui/icons-material/Download'
import {
  Button,
  DataTable,
  DateInput,
  List,
  NumberInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin'
import { ListTableOrCards } from '../../components/ResponsiveList'
import { PhoneFilterButton, usePhoneFilters } from '../../components/PhoneFilters'
import { formatDateTime, roleName } from '../../format'
import { useFlash } from '../../messages'
import {
  ACCESS_ACTION_CHOICES,
  DOCUMENT_TYPE_CHOICES,
  accessActionLabel,
  documentAccessExportUrl,
  documentTypeLabel,
  type DocumentAccess,
} from './types'

const filters = [
  <NumberInput key="bookingId" source="bookingId" label="Booking ID" helperText={false} alwaysOn />,
  <TextInput key="user" source="user" label="User (name or email)" helperText={false} alwaysOn />,
  <SelectInput
    key="documentType"
    source="documentType"
    label="Document"
    choices={DOCUMENT_TYPE_CHOICES}
    alwaysOn
    emptyText="All documents"
  />,
  <SelectInput
    key="action"
    source="action"
    label="Action"
    choices={ACCESS_ACTION_CHOICES}
    alwaysOn
    emptyText="Views and downloads"
  />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
]

/** The backend's CSV of every access the current filters select (a download, signed-in by cookie). */
function ExportButton() {
  const { filterValues, total } = useListContext<DocumentAccess>()
  return (
    <Button
      label="Export CSV"
      disabled={!total}
      onClick={() => window.location.assign(documentAccessExportUrl(filterValues))}
    >
      <DownloadIcon />
    </Button>
  )
}

function Actions() {
  return (
    <TopToolbar>
      <PhoneFilterButton />
      <ExportButton />
    </TopToolbar>
  )
}

const reader = (access: DocumentAccess) => `${access.userName} (${roleName(access.userRole)})`
const documentText = (access: DocumentAccess) =>
  `${documentTypeLabel(access.documentType)}${access.documentName ? `: ${access.documentName}` : ''}`

/**
 * Document Access (super admins): every view or download of a booking's identity documents,
 * cheques and fee receipts (PDPA): who, role, when, which document of which booking,
 * from which address. Read-only; filtered on the server; exported as CSV.
 */
export default function DocumentAccessList() {
  const flash = useFlash()
  return (
    <List<DocumentAccess>
      resource="admin/document-accesses"
      title="Document Access"
      filters={usePhoneFilters(filters)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<Actions />}
      queryOptions={{ onError: () => flash.error('Failed to load the document access log. Please try again later.') }}
    >
      <ListTableOrCards<DocumentAccess>
        label="Document accesses"
        card={{
          primary: (access) => `${accessActionLabel(access.action)}: ${documentText(access)}`,
          secondary: (access) => [
            `Booking #${access.bookingId}`,
            `${reader(access)} · ${formatDateTime(access.createdAt)}`,
            `IP ${access.ip ?? 'N/A'}`,
          ],
        }}
      >
        <DataTable<DocumentAccess> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<DocumentAccess>
            source="createdAt"
            label="When"
            render={(access) => formatDateTime(access.createdAt)}
          />
          <DataTable.Col<DocumentAccess> source="userId" label="User" render={reader} />
          <DataTable.Col<DocumentAccess> label="Email" disableSort render={(access) => access.userEmail} />
          <DataTable.Col<DocumentAccess>
            label="Action"
            disableSort
            render={(access) => accessActionLabel(access.action)}
          />
          <DataTable.Col<DocumentAccess> source="documentType" label="Document" render={documentText} />
          <DataTable.Col<DocumentAccess>
            source="bookingId"
            label="Booking"
            render={(access) => `#${access.bookingId}`}
          />
          <DataTable.Col<DocumentAccess>
            source="ip"
            label="IP Address"
            disableSort
            render={(access) => access.ip ?? 'N/A'}
          />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
