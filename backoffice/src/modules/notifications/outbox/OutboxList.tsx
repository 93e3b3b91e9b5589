import { DataTable, List, useRecordContext } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import type { OutboxEmail } from '../types'

const when = (value: string | null) => (value ? formatDateTime(value) : 'N/A')

/** The email's text body, as sent; its HTML is not rendered here (it came from the app, but stays inert). */
function Body() {
  const email = useRecordContext<OutboxEmail>()
  return <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{email?.text ?? 'No text body.'}</pre>
}

/**
 * Outbox (super admins): while no SMTP server is configured, every email the platform sends is
 * kept here as rendered, newest first; a row opens to its text.
 */
export default function OutboxList() {
  const flash = useFlash()
  return (
    <List<OutboxEmail>
      resource="admin/outbox"
      title="Outbox"
      sort={{ field: 'sentAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={{ onError: () => flash.error('Failed to load the outbox. Please try again later.') }}
    >
      <ListTableOrCards<OutboxEmail>
        label="Outbox"
        card={{
          primary: (email) => email.subject,
          secondary: (email) => [`To ${email.to}`, `Kept at ${when(email.sentAt)}`, email.text],
        }}
      >
        <DataTable<OutboxEmail> bulkActionButtons={false} rowClick="expand" expand={<Body />}>
          <DataTable.Col<OutboxEmail> source="to" label="To" disableSort />
          <DataTable.Col<OutboxEmail> source="subject" label="Subject" disableSort />
          <DataTable.Col<OutboxEmail>
            source="sentAt"
            label="Kept At"
            disableSort
            render={(email) => when(email.sentAt)}
          />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
