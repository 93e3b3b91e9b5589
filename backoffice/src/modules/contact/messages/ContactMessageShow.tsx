import { Card, CardContent, Chip, Stack, Typography } from '@mui/material'
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead'
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread'
import { Button, ListButton, ShowBase, TopToolbar, useRecordContext, useUpdate } from 'react-admin'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { ContactMessage } from '../types'

function MarkButton() {
  const message = useRecordContext<ContactMessage>()
  const flash = useFlash()
  const [update, { isPending }] = useUpdate<ContactMessage>()
  if (!message) return null
  const next = message.status === 'new' ? 'read' : 'new'
  return (
    <Button
      label={next === 'read' ? 'Mark as read' : 'Mark as unread'}
      disabled={isPending}
      onClick={() =>
        update(
          'admin/contact-messages',
          { id: message.id, data: { status: next }, previousData: message },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => flash.success(next === 'read' ? 'Message marked as read.' : 'Message marked as unread.'),
            onError: (error) => flash.error(messageOf(error, 'Failed to update the message. Please try again.')),
          }
        )
      }
    >
      {next === 'read' ? <MarkEmailReadIcon /> : <MarkEmailUnreadIcon />}
    </Button>
  )
}

function MessageCard() {
  const message = useRecordContext<ContactMessage>()
  if (!message) return null
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h1">
            {message.name}
          </Typography>
          <Chip
            size="small"
            label={message.status === 'new' ? 'New' : 'Read'}
            color={message.status === 'new' ? 'info' : 'default'}
          />
        </Stack>
        <Typography variant="body2">Email: {message.email}</Typography>
        <Typography variant="body2">Phone: {message.phone || 'N/A'}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Received {formatDateTime(message.createdAt)}
          {message.readAt ? ` · read ${formatDateTime(message.readAt)}` : ''}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{message.message}</Typography>
      </CardContent>
    </Card>
  )
}

export default function ContactMessageShow() {
  return (
    <ShowBase resource="admin/contact-messages">
      <TopToolbar>
        <ListButton label="Back to messages" />
        <MarkButton />
      </TopToolbar>
      <MessageCard />
    </ShowBase>
  )
}
