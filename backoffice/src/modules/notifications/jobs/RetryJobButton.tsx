import { useMutation } from '@tanstack/react-query'
import ReplayIcon from '@mui/icons-material/Replay'
import { Button, useDataProvider, useRefresh } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { FailedJob } from '../types'

export const RETRY_TEXTS = {
  label: 'Retry',
  queued: 'Job queued to run again',
  failed: 'The job could not be queued again. Please try again.',
}

/** Runs a failed job again (POST /api/admin/jobs/failed/:id/retry); the queue's worker takes it. */
export function RetryJobButton({ job }: { job: FailedJob }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const refresh = useRefresh()
  const flash = useFlash()
  const retry = useMutation({
    mutationFn: () => dataProvider.retryFailedJob(job.id),
    onSuccess: () => {
      flash.success(RETRY_TEXTS.queued)
      refresh()
    },
    onError: (error) => {
      flash.error(messageOf(error, RETRY_TEXTS.failed))
      refresh()
    },
  })
  return (
    <Button
      label={RETRY_TEXTS.label}
      aria-label={`${RETRY_TEXTS.label} ${job.summary ?? job.name}`}
      onClick={(event) => {
        event.stopPropagation()
        retry.mutate()
      }}
      disabled={retry.isPending}
    >
      <ReplayIcon />
    </Button>
  )
}
