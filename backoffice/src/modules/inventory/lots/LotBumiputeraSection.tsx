import { useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button as MuiButton,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDataProvider, useRecordContext } from 'react-admin'
import { instantFromInput, localInputValue } from '../../../dateInput'
import { formatDateTime } from '../../../format'
import { fieldErrorsOf, messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { LotApprovalDocument, LotBumiputera, LotBumiputeraDraft } from '../dataProvider'
import type { Lot } from '../types'

export const BUMI_LOT_LABEL = 'Bumi lot (Bumiputera quota lot)'

/** The form's text fields, as typed. */
type Draft = { isBumiputeraLot: boolean; releasedAt: string; releaseAuthority: string; releaseReference: string }

const draftOf = (saved: LotBumiputera): Draft => ({
  isBumiputeraLot: saved.isBumiputeraLot,
  releasedAt: saved.release ? localInputValue(new Date(saved.release.releasedAt)) : '',
  releaseAuthority: saved.release?.authority ?? '',
  releaseReference: saved.release?.reference ?? '',
})

/** What is in force for the lot, in words. */
export function describeLotQuota(saved: LotBumiputera): string {
  if (!saved.isBumiputeraLot) return 'Not a Bumiputera quota lot: anyone may book it.'
  if (!saved.release) return 'Reserved: only a buyer whose Bumiputera status is verified may book it.'
  return `Released on ${formatDateTime(saved.release.releasedAt)} by ${saved.release.authority} (${saved.release.reference}): anyone may book it.`
}

/**
 * The lot's Bumiputera quota in its edit (super admins): whether it is a quota lot ("Bumi lot"), and the
 * state's release of it (authority, reference, date) with the approval document. The release's three
 * fields go together; left empty, the lot stays reserved for verified Bumiputera buyers.
 */
export function LotBumiputeraSection() {
  const lot = useRecordContext<Lot>()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const quota = useQuery({
    queryKey: ['lotBumiputera', lot?.id],
    queryFn: () => dataProvider.getLotBumiputera(lot!.id),
    enabled: lot !== undefined,
  })
  if (!lot) return null
  return (
    <Box component="section" aria-labelledby="lot-bumiputera-title" sx={{ p: 2 }}>
      <Typography id="lot-bumiputera-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Bumiputera quota
      </Typography>
      {quota.isPending ? (
        <CircularProgress size={24} />
      ) : quota.error ? (
        <Alert severity="error">{messageOf(quota.error, 'Failed to load the Bumiputera quota of this lot.')}</Alert>
      ) : (
        <LotBumiputeraForm lotId={lot.id} saved={quota.data} />
      )}
    </Box>
  )
}

function LotBumiputeraForm({ lotId, saved }: { lotId: Lot['id']; saved: LotBumiputera }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved))
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => setDraft(draftOf(saved)), [saved])

  const save = useMutation({
    mutationFn: (body: LotBumiputeraDraft) => dataProvider.saveLotBumiputera(lotId, body),
    onSuccess: (answer) => {
      setErrors({})
      flash.success(answer.message)
      const { message: _message, ...next } = answer
      queryClient.setQueryData(['lotBumiputera', lotId], next)
      void queryClient.invalidateQueries({ queryKey: ['admin/lots'] })
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure))
      flash.error(messageOf(failure, 'Failed to save the Bumiputera quota of this lot. Please try again.'))
    },
  })

  const submit = () => {
    // A lot that is no quota lot has no release to record: it is cleared with the flag.
    if (!draft.isBumiputeraLot) {
      save.mutate({ isBumiputeraLot: false, releasedAt: null, releaseAuthority: null, releaseReference: null })
      return
    }
    const releasedAt = draft.releasedAt ? instantFromInput(draft.releasedAt) : null
    if (draft.releasedAt && !releasedAt) {
      setErrors({ releasedAt: 'Enter the release date and time' })
      return
    }
    save.mutate({
      isBumiputeraLot: true,
      releasedAt,
      releaseAuthority: draft.releaseAuthority.trim() || null,
      releaseReference: draft.releaseReference.trim() || null,
    })
  }

  const text = (field: 'releaseAuthority' | 'releaseReference', label: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[field]}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
      error={!!errors[field]}
      helperText={errors[field]}
      disabled={!draft.isBumiputeraLot}
      sx={{ flex: 1 }}
    />
  )

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {describeLotQuota(saved)}
      </Typography>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={draft.isBumiputeraLot}
              onChange={(event) => setDraft({ ...draft, isBumiputeraLot: event.target.checked })}
            />
          }
          label={BUMI_LOT_LABEL}
        />
        {errors.isBumiputeraLot ? <FormHelperText error>{errors.isBumiputeraLot}</FormHelperText> : null}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Release by the state
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Record the state&apos;s approval to release this quota lot to any buyer: all three fields, or none.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="datetime-local"
          label="Release date"
          value={draft.releasedAt}
          onChange={(event) => setDraft({ ...draft, releasedAt: event.target.value })}
          error={!!errors.releasedAt}
          helperText={errors.releasedAt}
          disabled={!draft.isBumiputeraLot}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        {text('releaseAuthority', 'Releasing authority')}
        {text('releaseReference', 'Release reference')}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <MuiButton variant="contained" onClick={submit} disabled={save.isPending}>
          Save Bumiputera quota
        </MuiButton>
      </Stack>
      {saved.isBumiputeraLot && saved.release ? <ApprovalDocument lotId={lotId} /> : null}
    </Stack>
  )
}

/** The approval of a recorded release: uploaded here (the newest is the one in force), read by super admins. */
function ApprovalDocument({ lotId }: { lotId: Lot['id'] }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const queryKey = ['lotApprovalDocuments', lotId]
  const documents = useQuery({ queryKey, queryFn: () => dataProvider.getLotApprovalDocuments(lotId) })
  const upload = useMutation({
    mutationFn: (chosen: File) => dataProvider.uploadLotApprovalDocument(lotId, chosen),
    onSuccess: (document) => {
      setError(null)
      setFile(null)
      queryClient.setQueryData<LotApprovalDocument[]>(queryKey, (listed = []) => [document, ...listed])
      flash.success(`Approval document uploaded: ${document.name}.`)
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure).document ?? messageOf(failure, 'Failed to upload the approval document.'))
      flash.error(messageOf(failure, 'Failed to upload the approval document. Please try again.'))
    },
  })
  const latest = documents.data?.[0]
  return (
    <Stack spacing={1} component="section" aria-label="Approval document">
      <Typography variant="subtitle2" component="h3">
        Approval document
      </Typography>
      <Typography variant="body2">
        {latest ? (
          <>
            {`${latest.name}, uploaded${latest.createdAt ? ` ${formatDateTime(latest.createdAt)}` : ''}. `}
            <Link href={latest.url} target="_blank" rel="noopener">
              Open the latest approval document
            </Link>
          </>
        ) : documents.isPending ? null : (
          'No approval document uploaded yet.'
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <MuiButton component="label" variant="outlined">
          Choose file
          <input
            hidden
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            aria-label="Approval document file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </MuiButton>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
        <MuiButton variant="contained" onClick={() => file && upload.mutate(file)} disabled={!file || upload.isPending}>
          Upload approval document
        </MuiButton>
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  )
}
