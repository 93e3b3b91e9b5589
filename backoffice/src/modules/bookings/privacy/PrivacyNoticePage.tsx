import { useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { HttpError, Title, useDataProvider } from 'react-admin'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { FieldError } from '../../../providers/restProvider'

/**
 * Privacy Notice, /privacy-notice (super admins; docs/privacy.md, "Notice and choice"): the text
 * the booking forms show and its version. Saving publishes a new version; bookings made before
 * keep the version their requester consented to.
 */
export default function PrivacyNoticePage() {
  const flash = useFlash()
  const queryClient = useQueryClient()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const notice = useQuery({ queryKey: ['privacy-notice'], queryFn: () => dataProvider.getPrivacyNotice() })
  const [body, setBody] = useState(notice.data?.body ?? '')
  const [error, setError] = useState<string | undefined>()
  // The box follows each notice loaded or published while rendering, not in an effect: the
  // screen never shows (nor lets anyone read) an empty box beside a loaded notice.
  const [bodyOf, setBodyOf] = useState(notice.data)
  if (notice.data !== bodyOf) {
    setBodyOf(notice.data)
    if (notice.data) setBody(notice.data.body)
  }

  const publish = useMutation({
    mutationFn: (text: string) => dataProvider.savePrivacyNotice(text),
    onSuccess: (saved) => {
      flash.success(saved.message)
      setError(undefined)
      queryClient.setQueryData(['privacy-notice'], saved)
    },
    onError: (failure) => {
      const errors = failure instanceof HttpError ? (failure.body as { errors?: FieldError[] })?.errors : undefined
      setError(errors?.find((entry) => entry.field === 'body')?.message)
      flash.error(messageOf(failure, 'The privacy notice could not be saved'))
    },
  })

  const unchanged = !notice.data || body.trim() === notice.data.body.trim()

  return (
    <Box sx={{ mt: 2, maxWidth: 860 }}>
      <Title title="Privacy Notice" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Privacy Notice
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Shown with a consent box on every booking form: what the documents are used for, who sees them, how long they
        are kept and the person&apos;s rights. Saving publishes a new version for new bookings; existing bookings keep
        the version they were made under.
      </Typography>
      {notice.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {messageOf(notice.error, 'The privacy notice could not be loaded')}
        </Alert>
      )}
      {notice.isPending ? (
        <CircularProgress aria-label="Loading the privacy notice" />
      ) : notice.data ? (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" component="p" sx={{ mb: 2 }} role="status">
              Current version: {notice.data.version}
              {notice.data.createdAt ? `, published ${formatDateTime(notice.data.createdAt)}` : ' (the built-in text)'}
            </Typography>
            <Stack
              component="form"
              spacing={2}
              noValidate
              aria-label="Privacy notice"
              onSubmit={(event) => {
                event.preventDefault()
                publish.mutate(body)
              }}
            >
              <TextField
                label="Notice text"
                multiline
                minRows={10}
                required
                value={body}
                onChange={(event) => {
                  setBody(event.target.value)
                  setError(undefined)
                }}
                error={!!error}
                helperText={error ?? 'Separate paragraphs with a blank line.'}
              />
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                <Button
                  onClick={() => setBody(notice.data.body)}
                  disabled={unchanged || publish.isPending}
                  sx={{ minHeight: 44 }}
                >
                  Discard changes
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={unchanged || publish.isPending}
                  sx={{ minHeight: 44 }}
                  startIcon={publish.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  Publish version {notice.data.version + 1}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  )
}
