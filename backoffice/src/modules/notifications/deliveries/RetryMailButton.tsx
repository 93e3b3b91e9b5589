import { useMutation } from '@tanstack/react-query'
import ReplayIcon from '@mui/icons-material/Replay'
import { Button, useDataProvider, useRefresh } from 'react-admin'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { MailDelivery } from '../types'

export const RETRY_TEXTS = {
  label: 'Retry',
  queued: 'Email queued to be sent again',
  failed: 'The email could not be queued again. Please try again.',
}

/** Puts a given-up email back in the queue (POST /api/mail-deliveries/:id/retry); the worker sends it. */
export function RetryMailButton({ delivery }: { delivery: MailDelivery }) {
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const refresh = useRefresh()
  const flash = useFlash()
  const retry = useMutation({
    mutationFn: () => dataProvider.retryMailDelivery(delivery.id),
    onSuccess: () => {
      flash.success(RETRY_TEXTS.queued)
      refresh()
    },
    onError: (error) => {
      flash.error(messageOf(error, RETRY_TEXTS.failed))
      refresh()
    },
  })
  if (delivery.state !== 'failed') return null
  return (
    <Button
      label={RETRY_TEXTS.label}
      aria-label={`${RETRY_TEXTS.label} ${delivery.subject} to ${delivery.recipients}`}
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
