import { useState } from 'react'
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { HttpError, useCreate, useGetList, useRecordContext, useRefresh } from 'react-admin'
import { formatDateTime } from '../../format'
import { messageOf, useFlash } from '../../messages'
import { recipientsFrom, type BreachNotice, type DataBreach } from './types'

type FieldErrors = Record<string, string>

/** The backend's per-field errors, with `recipients.3` shown on the recipients box. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof HttpError)) return {}
  const list = (error.body as { fieldErrors?: Array<{ field: string; message: string }> })?.fieldErrors ?? []
  return Object.fromEntries(list.map(({ field, message }) => [field.split('.')[0], message]))
}

/**
 * The notices sent to the people a breach affected, and the form that emails a new one through
 * the product's mail (POST /api/data-breach-notices). The first notice stops the 7-day clock.
 */
export default function BreachNotices() {
  const breach = useRecordContext<DataBreach>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  const [recipients, setRecipients] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [create, { isPending }] = useCreate<BreachNotice>()
  const notices = useGetList<BreachNotice>(
    'admin/data-breach-notices',
    {
      filter: { breachId: breach?.id },
      sort: { field: 'sentAt', order: 'DESC' },
      pagination: { page: 1, perPage: 50 },
    },
    { enabled: breach !== undefined }
  )
  if (!breach) return null

  const send = () => {
    create(
      'admin/data-breach-notices',
      {
        data: {
          breachId: breach.id,
          subject: subject.trim(),
          body: body.trim(),
          recipients: recipientsFrom(recipients),
        },
      },
      {
        onSuccess: (notice) => {
          flash.success((notice as BreachNotice & { message?: string }).message ?? 'The notice has been sent.')
          setSubject('')
          setBody('')
          setRecipients('')
          setErrors({})
          refresh()
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error))
          flash.error(messageOf(error, 'The notice could not be sent'))
        },
      }
    )
  }

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Notices to the affected people
        </Typography>
        {notices.data?.length ? (
          <Box component="ul" sx={{ pl: 2, mb: 2 }} aria-label="Notices sent">
            {notices.data.map((notice) => (
              <li key={notice.id}>
                {formatDateTime(notice.sentAt)}: “{notice.subject}” to {notice.recipientCount}{' '}
                {notice.recipientCount === 1 ? 'person' : 'people'}, by {notice.sentBy}
              </li>
            ))}
          </Box>
        ) : (
          <Typography sx={{ mb: 2 }}>No notice sent yet.</Typography>
        )}
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label="Send a notice"
          onSubmit={(event) => {
            event.preventDefault()
            send()
          }}
        >
          <TextField
            label="Subject"
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            error={Boolean(errors.subject)}
            helperText={errors.subject ?? ' '}
            required
          />
          <TextField
            label="Notice"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            error={Boolean(errors.body)}
            helperText={errors.body ?? 'What happened, what it means for them, what we did and what they can do.'}
            multiline
            minRows={5}
            required
          />
          <TextField
            label="Email addresses"
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
            error={Boolean(errors.recipients)}
            helperText={errors.recipients ?? 'One per line, or separated by commas'}
            multiline
            minRows={3}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isPending} sx={{ minHeight: 44 }}>
              Send notice
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  )
}
