import { Chip } from '@mui/material'
import { DataTable, List, SearchInput, SelectInput, ShowButton } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { usePhoneFilters } from '../../../components/PhoneFilters'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { CONTACT_STATUS_CHOICES, type ContactMessage } from '../types'

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by name or email" />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={CONTACT_STATUS_CHOICES}
    alwaysOn
    emptyText="All messages"
  />,
]

const preview = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text)

/** The public contact form's messages, newest first; open one to read it. */
export default function ContactMessageList() {
  const flash = useFlash()
  return (
    <List<ContactMessage>
      resource="admin/contact-messages"
      title="Contact Messages"
      filters={usePhoneFilters(filters)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={{ onError: () => flash.error('Failed to load contact messages. Please try again later.') }}
    >
      <ListTableOrCards<ContactMessage>
        label="Contact messages"
        card={{
          primary: (message) => message.name,
          secondary: (message) => [message.email, formatDateTime(message.createdAt), preview(message.message)],
          tertiary: (message) => <MessageStatusChip message={message} />,
          actions: (message) => <ShowButton record={message} />,
          sx: (message) => ({ fontWeight: message.status === 'new' ? 600 : 400 }),
        }}
      >
        <DataTable<ContactMessage>
          bulkActionButtons={false}
          rowClick="show"
          rowSx={(message) => ({ '& td': { fontWeight: message.status === 'new' ? 600 : 400 } })}
        >
          <DataTable.Col<ContactMessage>
            source="createdAt"
            label="Received"
            render={(message) => formatDateTime(message.createdAt)}
          />
          <DataTable.Col<ContactMessage> source="name" label="Name" />
          <DataTable.Col<ContactMessage> source="email" label="Email" disableSort />
          <DataTable.Col<ContactMessage>
            source="phone"
            label="Phone"
            disableSort
            render={(message) => message.phone || 'N/A'}
          />
          <DataTable.Col<ContactMessage>
            source="message"
            label="Message"
            disableSort
            render={(message) => preview(message.message)}
          />
          <DataTable.Col<ContactMessage>
            source="status"
            label="Status"
            render={(message) => <MessageStatusChip message={message} />}
          />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}

function MessageStatusChip({ message }: { message: ContactMessage }) {
  return (
    <Chip
      size="small"
      label={message.status === 'new' ? 'New' : 'Read'}
      color={message.status === 'new' ? 'info' : 'default'}
    />
  )
}
