import { useEffect, useState } from 'react'
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { httpClient } from '../../providers/http'

const BASE = '/api/me/deletion-request'
export const PERSONAL_DATA_EXPORT_URL = '/api/me/personal-data'

type DeletionRequest = {
  status: 'pending' | 'confirmed' | 'declined'
  createdAt: string | null
  declineReason: string | null
}

export const PERSONAL_DATA_LABELS = {
  title: 'Your data',
  exportText:
    'Download everything the platform holds about you (profile, memberships, bookings with their history, notifications, your documents) as one ZIP file.',
  export: 'Download my data (ZIP)',
  deleteTitle: 'Delete my account',
  deleteText:
    'Your account will be anonymised and your documents deleted; bookings stay as anonymous sale records. A super admin confirms the request.',
  reason: 'Reason (optional)',
  ask: 'Ask to delete my account',
  pending: 'Your deletion request is awaiting confirmation by a super admin.',
}

function messageOf(error: unknown): string {
  const body = (error as { body?: { message?: string; errors?: Array<{ message: string }> } } | null)?.body
  return body?.errors?.[0]?.message ?? body?.message ?? (error as Error)?.message ?? 'Something went wrong'
}

/**
 * My Profile's "Your data" (docs/privacy.md, "Access"): the ZIP export for everyone; the
 * deletion request for those who may ask (the backend refuses a super admin, and says why).
 */
export default function PersonalDataSection({ canAskDeletion }: { canAskDeletion: boolean }) {
  const [latest, setLatest] = useState<DeletionRequest | null>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!canAskDeletion) return
    httpClient(BASE)
      .then(({ json }) => setLatest((json as { request: DeletionRequest | null }).request))
      .catch((failure) => setError(messageOf(failure)))
  }, [canAskDeletion])

  async function ask() {
    setBusy(true)
    setError(null)
    try {
      const { json } = await httpClient(BASE, {
        method: 'POST',
        body: JSON.stringify({ reason: reason.trim() || null }),
      })
      setLatest((json as { request: DeletionRequest }).request)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {PERSONAL_DATA_LABELS.title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{PERSONAL_DATA_LABELS.exportText}</Typography>
        <Button variant="outlined" href={PERSONAL_DATA_EXPORT_URL} download>
          {PERSONAL_DATA_LABELS.export}
        </Button>
        {canAskDeletion ? (
          <Stack spacing={2} sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h3">
              {PERSONAL_DATA_LABELS.deleteTitle}
            </Typography>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {latest?.status === 'pending' ? (
              <Alert severity="info">{PERSONAL_DATA_LABELS.pending}</Alert>
            ) : (
              <>
                {latest?.status === 'declined' ? (
                  <Alert severity="warning">Your earlier request was declined: {latest.declineReason}</Alert>
                ) : null}
                <Typography>{PERSONAL_DATA_LABELS.deleteText}</Typography>
                <TextField
                  label={PERSONAL_DATA_LABELS.reason}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  multiline
                  slotProps={{ htmlInput: { maxLength: 1000 } }}
                />
                <div>
                  <Button color="error" variant="contained" onClick={ask} disabled={busy}>
                    {PERSONAL_DATA_LABELS.ask}
                  </Button>
                </div>
              </>
            )}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  )
}
