import { DataTable, List } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import type { FailedJob } from '../types'
import { RetryJobButton } from './RetryJobButton'

const when = (value: string | null) => (value ? formatDateTime(value) : 'N/A')
const lastError = (job: FailedJob) => job.lastError ?? 'N/A'
const what = (job: FailedJob) => job.summary ?? 'N/A'

/**
 * Failed Jobs (super admins; docs/notifications.md, "Email"): the background jobs the queue gave
 * up on, newest first: emails after their retries (with whom and what they were about), and
 * scheduled runs that failed; how many runs, the last error, when. Retry runs one again.
 */
export default function FailedJobList() {
  const flash = useFlash()
  return (
    <List<FailedJob>
      resource="admin/failed-jobs"
      title="Failed Jobs"
      sort={{ field: 'failedAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={{ onError: () => flash.error('Failed to load the failed jobs. Please try again later.') }}
    >
      <ListTableOrCards<FailedJob>
        label="Failed jobs"
        card={{
          primary: (job) => job.summary ?? job.name,
          secondary: (job) => [
            job.name,
            `${job.attempts} run${job.attempts === 1 ? '' : 's'} · failed at ${when(job.failedAt)}`,
            job.lastError ? `Last error: ${job.lastError}` : null,
          ],
          actions: (job) => <RetryJobButton job={job} />,
        }}
      >
        <DataTable<FailedJob> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<FailedJob> source="name" label="Job" disableSort />
          <DataTable.Col<FailedJob> source="summary" label="Email" disableSort render={what} />
          <DataTable.Col<FailedJob> source="attempts" label="Runs" disableSort />
          <DataTable.Col<FailedJob> source="lastError" label="Last Error" disableSort render={lastError} />
          <DataTable.Col<FailedJob>
            source="failedAt"
            label="Failed At"
            disableSort
            render={(job) => when(job.failedAt)}
          />
          <DataTable.Col<FailedJob> label="Actions" render={(job) => <RetryJobButton job={job} />} />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
