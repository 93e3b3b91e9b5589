import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Card, CardContent, FormControlLabel, FormGroup, Switch, Typography } from '@mui/material'
import { HttpError, useDataProvider } from 'react-admin'
import { messageOf, useFlash } from '../../messages'
import type { BackofficeDataProvider } from '../../providers/dataProvider'
import type { EmailPreference } from './dataProvider'

export const EMAIL_NOTIFICATION_TEXTS = {
  title: 'Email notifications',
  intro: 'You are always told in the bell. Choose which of these should also reach you by email.',
  loadFailed: 'Your email settings could not be loaded. Please try again later.',
  saved: 'Email settings saved',
  saveFailed: 'Your email settings could not be saved. Please try again.',
}

const QUERY_KEY = ['notifications', 'email-preferences']

/** A refusal names the switch's problem in its first field error (a kind the person does not receive). */
function refusalOf(error: unknown): string {
  const fieldError =
    error instanceof HttpError && error.status < 500
      ? (error.body as { errors?: Array<{ message?: string }> })?.errors?.[0]?.message
      : undefined
  return fieldError ?? messageOf(error, EMAIL_NOTIFICATION_TEXTS.saveFailed)
}

/**
 * My Profile's email switches (docs/notifications.md, "Email"): one per kind of notification
 * the signed-in person can receive, as the backend lists them; a switch saves at once.
 */
export default function EmailNotificationsSection() {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const preferences = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.getEmailPreferences(),
    retry: false,
  })
  const save = useMutation({
    mutationFn: (change: Pick<EmailPreference, 'kind' | 'email'>) => dataProvider.saveEmailPreferences([change]),
    onSuccess: (saved) => {
      queryClient.setQueryData(QUERY_KEY, saved)
      flash.success(EMAIL_NOTIFICATION_TEXTS.saved)
    },
    onError: (error) => flash.error(refusalOf(error)),
  })

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }} component="section" aria-labelledby="email-notifications-title">
      <CardContent>
        <Typography id="email-notifications-title" variant="h6" component="h2" gutterBottom>
          {EMAIL_NOTIFICATION_TEXTS.title}
        </Typography>
        {preferences.isError ? (
          <Alert severity="error">{EMAIL_NOTIFICATION_TEXTS.loadFailed}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {EMAIL_NOTIFICATION_TEXTS.intro}
            </Typography>
            <FormGroup>
              {(preferences.data ?? []).map((preference) => (
                <FormControlLabel
                  key={preference.kind}
                  label={preference.label}
                  control={
                    <Switch
                      checked={preference.email}
                      disabled={save.isPending}
                      onChange={(event) => save.mutate({ kind: preference.kind, email: event.target.checked })}
                    />
                  }
                />
              ))}
            </FormGroup>
          </>
        )}
      </CardContent>
    </Card>
  )
}
