import { DataTable, List, SelectInput, TopToolbar } from 'react-admin'
import { ListTableOrCards, PhoneFilterButton, usePhoneFilters } from '../../../components/ResponsiveList'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { MAIL_DELIVERY_STATE_CHOICES, type MailDelivery } from '../types'
import { RetryMailButton } from './RetryMailButton'

const filters = [<SelectInput key="state" source="state" label="Show" choices={MAIL_DELIVERY_STATE_CHOICES} alwaysOn />]

const when = (value: string | null) => (value ? formatDateTime(value) : 'N/A')
const lastError = (delivery: MailDelivery) => delivery.lastError ?? 'N/A'

function MailDeliveryActions() {
  return (
    <TopToolbar>
      <PhoneFilterButton />
    </TopToolbar>
  )
}

/**
 * Email Deliveries (super admins; docs/notifications.md, "Email"): the emails the queue gave up
 * on after its retries, newest first, with who they were for, the subject, how many tries and
 * the last error; Retry puts one back in the queue. The filter shows the waiting and sent ones too.
 */
export default function MailDeliveryList() {
  const flash = useFlash()
  return (
    <List<MailDelivery>
      resource="admin/mail-deliveries"
      title="Email Deliveries"
      filters={usePhoneFilters(filters)}
      sort={{ field: 'id', order: 'DESC' }}
      filterDefaultValues={{ state: 'failed' }}
      perPage={25}
      exporter={false}
      actions={<MailDeliveryActions />}
      queryOptions={{ onError: () => flash.error('Failed to load the email deliveries. Please try again later.') }}
    >
      <ListTableOrCards<MailDelivery>
        label="Email deliveries"
        card={{
          primary: (delivery) => delivery.subject,
          secondary: (delivery) => [
            `To ${delivery.recipients}`,
            `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} · failed at ${when(delivery.failedAt)}`,
            delivery.lastError ? `Last error: ${delivery.lastError}` : null,
          ],
          actions: (delivery) => <RetryMailButton delivery={delivery} />,
        }}
      >
        <DataTable<MailDelivery> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<MailDelivery> source="recipients" label="Recipient" disableSort />
          <DataTable.Col<MailDelivery> source="subject" label="Subject" disableSort />
          <DataTable.Col<MailDelivery> source="attempts" label="Attempts" disableSort />
          <DataTable.Col<MailDelivery> source="lastError" label="Last Error" disableSort render={lastError} />
          <DataTable.Col<MailDelivery>
            source="failedAt"
            label="Failed At"
            disableSort
            render={(delivery) => when(delivery.failedAt)}
          />
          <DataTable.Col<MailDelivery> label="Actions" render={(delivery) => <RetryMailButton delivery={delivery} />} />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
