import { useEffect, useState } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material'
import { useRefresh } from 'react-admin'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { httpClient } from '../../../providers/http'
import { formatDate } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import { bumiputeraStatusLabel } from './bumiputera'

interface EvidenceFile {
  id: number
  name: string
  url: string | null
  downloadUrl: string | null
  deletedAt: string | null
}

/** GET /api/users/:id/bumiputera/evidence. */
interface BumiputeraEvidence {
  name: string
  bumiputeraStatus: 'none' | 'declared' | 'verified' | 'rejected'
  bumiputeraKind: 'individual' | 'company' | null
  bumiputeraVerifiedByName: string | null
  bumiputeraVerifiedAt: string | null
  data: EvidenceFile[]
}

/**
 * A person's declared Bumiputera status, its evidence and the Verify and Reject decisions. The backend decides
 * who may decide (never one's own): its refusal is shown as it words it.
 */
export default function BumiputeraDialog({ userId, onClose }: { userId: number | string; onClose: () => void }) {
  const flash = useFlash()
  const refresh = useRefresh()
  const [evidence, setEvidence] = useState<BumiputeraEvidence | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    httpClient(`/api/users/${encodeURIComponent(userId)}/bumiputera/evidence`).then(
      ({ json }) => live && setEvidence(json as BumiputeraEvidence),
      (failure) => live && setError(messageOf(failure, 'Failed to load the Bumiputera status'))
    )
    return () => {
      live = false
    }
  }, [userId])

  async function decide(status: 'verified' | 'rejected') {
    setBusy(true)
    setError(null)
    try {
      const { json } = await httpClient(`/api/users/${encodeURIComponent(userId)}/bumiputera`, {
        method: 'PUT',
        body: JSON.stringify({ status }),
      })
      flash.success((json as { message: string }).message)
      refresh()
      onClose()
    } catch (failure) {
      setError(messageOf(failure, 'Failed to save the decision'))
    } finally {
      setBusy(false)
    }
  }

  const declared = evidence !== null && evidence.bumiputeraStatus !== 'none'
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="bumiputera-dialog-title">
      <DialogTitle id="bumiputera-dialog-title">Bumiputera status{evidence ? `: ${evidence.name}` : ''}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {evidence === null ? (
          error ? null : (
            <CircularProgress size={24} aria-label="Loading" />
          )
        ) : (
          <Stack spacing={1}>
            <Typography>Status: {bumiputeraStatusLabel(evidence.bumiputeraStatus)}</Typography>
            {evidence.bumiputeraKind ? (
              <Typography>Kind: {evidence.bumiputeraKind === 'company' ? 'Company' : 'Individual'}</Typography>
            ) : null}
            {evidence.bumiputeraVerifiedByName ? (
              <Typography variant="body2" color="text.secondary">
                Decided by {evidence.bumiputeraVerifiedByName}
                {evidence.bumiputeraVerifiedAt ? ` on ${formatDate(evidence.bumiputeraVerifiedAt)}` : ''}
              </Typography>
            ) : null}
            <Typography variant="subtitle2" component="h3">
              Evidence
            </Typography>
            {evidence.data.length === 0 ? <Typography variant="body2">No evidence files.</Typography> : null}
            {evidence.data.map((file) => (
              <Stack key={file.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                {file.url ? (
                  <Link href={file.url} target="_blank" rel="noopener" aria-label={`View ${file.name}`}>
                    View
                  </Link>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Deleted
                  </Typography>
                )}
                {file.downloadUrl ? (
                  <Link href={file.downloadUrl} aria-label={`Download ${file.name}`}>
                    Download
                  </Link>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button color="error" disabled={!declared || busy} onClick={() => decide('rejected')}>
          Reject
        </Button>
        <Button variant="contained" disabled={!declared || busy} onClick={() => decide('verified')}>
          Verify
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  )
}
