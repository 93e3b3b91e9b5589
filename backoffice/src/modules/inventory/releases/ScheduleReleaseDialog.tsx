import { useState } from 'react'
import { Alert, Button as MuiButton, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { AutocompleteArrayInput, Form, ReferenceArrayInput, TextInput, required, useDataProvider } from 'react-admin'
import { useFormState } from 'react-hook-form'
import { ResponsiveDialog } from '../../../components/ResponsiveDialog'
import { formatDateTime } from '../../../format'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { Development } from '../dataProvider'
import { zonedIso } from '../../../dateInput'
import { batchLotLabel, type BatchLot } from './types'

interface ScheduleValues {
  name: string
  releaseAt: string
  lotIds: number[]
}

type FieldErrors = Partial<Record<keyof ScheduleValues, string>>

const lotChoiceLabel = (lot: BatchLot) =>
  lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`

/** The backend's `[{ field, message }]`; an `lotIds.<index>` error is about the lot sent at that index. */
function backendErrors(error: unknown): Array<{ field: string; message: string }> {
  const list = (error as { body?: { errors?: unknown } } | null)?.body?.errors
  if (!Array.isArray(list)) return []
  return (list as Array<{ field?: unknown; message?: unknown }>).flatMap((item) =>
    typeof item.field === 'string' && typeof item.message === 'string'
      ? [{ field: item.field, message: item.message }]
      : []
  )
}

function SubmitButton() {
  const { isSubmitting } = useFormState()
  return (
    <MuiButton type="submit" variant="contained" disabled={isSubmitting}>
      Schedule
    </MuiButton>
  )
}

/**
 * "Schedule release": a batch of the development's lots that goes on sale by itself at a set time.
 * The time is typed as Malaysia time, as the table shows it, and sent with its offset. The
 * backend checks everything again; its refusals show beside their fields, the form kept as typed.
 */
export function ScheduleReleaseDialog({ development, onClose }: { development: Development; onClose: () => void }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [general, setGeneral] = useState<string[]>([])

  /** "MKS-25: This lot is already released", the lots refused named as the picker names them. */
  const lotMessages = async (sent: number[], refused: Array<{ index: number; message: string }>) => {
    const ids = refused.map(({ index }) => sent[index]).filter((id) => id !== undefined)
    const lots = await dataProvider
      .getMany<BatchLot>('admin/lots', { ids })
      .then(({ data }) => data)
      .catch(() => [] as BatchLot[])
    return refused.map(({ index, message }) => {
      const lot = lots.find((candidate) => candidate.id === sent[index])
      return `${lot ? batchLotLabel(lot) : `Lot #${sent[index] ?? index + 1}`}: ${message}`
    })
  }

  const submit = async (values: Partial<ScheduleValues>): Promise<FieldErrors | undefined> => {
    setGeneral([])
    const releaseAt = zonedIso(values.releaseAt ?? '')
    if (!releaseAt) return { releaseAt: 'Enter the release date and time' }
    const lotIds = (values.lotIds ?? []).map(Number)
    try {
      const batch = await dataProvider.scheduleReleaseBatch(development.id, {
        name: (values.name ?? '').trim(),
        releaseAt,
        lotIds,
      })
      flash.success(`${batch.message ?? 'Release batch scheduled.'} ${batch.name}: ${formatDateTime(batch.releaseAt)}.`)
      await queryClient.invalidateQueries({ queryKey: ['releaseBatches', development.id] })
      onClose()
      return undefined
    } catch (error) {
      flash.error(messageOf(error, 'Failed to schedule the release batch. Please try again.'))
      const errors: FieldErrors = {}
      const refusedLots: Array<{ index: number; message: string }> = []
      const others: string[] = []
      for (const { field, message } of backendErrors(error)) {
        const lot = /^lotIds\.(\d+)$/.exec(field)
        if (lot) refusedLots.push({ index: Number(lot[1]), message })
        else if (field === 'name' || field === 'releaseAt' || field === 'lotIds') errors[field] ??= message
        else others.push(message)
      }
      if (refusedLots.length > 0) {
        const lines = await lotMessages(lotIds, refusedLots)
        errors.lotIds = [errors.lotIds, ...lines].filter(Boolean).join('; ')
      }
      setGeneral(others)
      return errors
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-release-title">
      <DialogTitle id="schedule-release-title">Schedule release: {development.name}</DialogTitle>
      <Form<ScheduleValues> onSubmit={submit} defaultValues={{ name: '', releaseAt: '', lotIds: [] }} noValidate>
        <DialogContent>
          <Stack spacing={0.5}>
            {general.map((message) => (
              <Alert key={message} severity="error">
                {message}
              </Alert>
            ))}
            <TextInput
              source="name"
              label="Name"
              helperText='As the batches list shows it, e.g. "Phase 2 launch"'
              validate={required()}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <TextInput
              source="releaseAt"
              label="Release at (Malaysia time)"
              type="datetime-local"
              helperText="Malaysia time (MYT, UTC+8); the lots go on sale then"
              validate={required()}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <ReferenceArrayInput
              source="lotIds"
              reference="admin/lots"
              filter={{ propertyId: development.id }}
              sort={{ field: 'unitNumber', order: 'ASC' }}
              perPage={25}
            >
              <AutocompleteArrayInput
                label="Lots"
                optionText={lotChoiceLabel}
                filterToQuery={(q: string) => ({ q })}
                helperText="Type a unit or lot number to find more"
                validate={required('Choose at least one lot')}
                fullWidth
              />
            </ReferenceArrayInput>
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>Close</MuiButton>
          <SubmitButton />
        </DialogActions>
      </Form>
    </ResponsiveDialog>
  )
}
