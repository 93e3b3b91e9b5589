import { Box, Card, CardContent, Stack, Typography } from '@mui/material'
import { ListButton, ShowBase, TopToolbar, useRecordContext, useShowContext } from 'react-admin'
import { RecordTable } from '../../../components/RecordTable'
import { formatDateTime, roleName } from '../../../format'
import {
  actionLabel,
  fieldChanges,
  fieldLabel,
  formatAuditValue,
  subjectText,
  type AuditEntry,
  type FieldChange,
} from '../types'

/** What the changes table says the action did: a creation has no before, a deletion no after. */
function changesCaption(entry: AuditEntry): string {
  if (entry.before === null) return 'Created with these values'
  if (entry.after === null) return 'Deleted; its values were'
  return 'Changed fields'
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry)
  const value = (text: string) => <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text}</span>
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {changesCaption(entry)}
      </Typography>
      <RecordTable<FieldChange>
        label="Changed fields"
        records={changes}
        loading={false}
        failureText="The changes could not be read."
        emptyText="No field values were recorded."
        columns={[
          { header: 'Field', cell: (change) => fieldLabel(change.field) },
          entry.before !== null && { header: 'Before', cell: (change) => value(formatAuditValue(change.before)) },
          entry.after !== null && { header: 'After', cell: (change) => value(formatAuditValue(change.after)) },
        ]}
        card={{
          primary: (change) => fieldLabel(change.field),
          secondary: (change) => [
            entry.before !== null && `Before: ${formatAuditValue(change.before)}`,
            entry.after !== null && `After: ${formatAuditValue(change.after)}`,
          ],
        }}
      />
    </>
  )
}

function EntryCard() {
  const entry = useRecordContext<AuditEntry>()
  const { error } = useShowContext<AuditEntry>()
  if (error) return <Typography color="error">Failed to load the audit entry. Please try again.</Typography>
  if (!entry) return null
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h1">
          {actionLabel(entry.action)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {formatDateTime(entry.createdAt)} · {entry.action}
        </Typography>
        <Stack spacing={0.5} sx={{ overflowWrap: 'anywhere' }}>
          <Typography variant="body2">Subject: {subjectText(entry)}</Typography>
          <Typography variant="body2">
            By: {entry.actorName} ({entry.actorEmail}), {roleName(entry.actorRole)}
          </Typography>
          <Typography variant="body2">IP address: {entry.ip ?? 'N/A'}</Typography>
        </Stack>
        <Changes entry={entry} />
      </CardContent>
    </Card>
  )
}

/** One audit entry: who did what to which subject, when, from where, and its before and after. */
export default function AuditEntryShow() {
  return (
    <ShowBase resource="admin/audit-entries">
      {/* A block of its own: in the layout's flex column a phone's toolbar would grow to the full height. */}
      <Box>
        <TopToolbar>
          <ListButton label="Back to the audit trail" />
        </TopToolbar>
        <EntryCard />
      </Box>
    </ShowBase>
  )
}
