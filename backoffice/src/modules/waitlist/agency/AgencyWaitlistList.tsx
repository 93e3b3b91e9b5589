import { Chip, Stack, Typography } from '@mui/material'
import { DataTable, List } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDateTime } from '../../../format'
import { useFlash } from '../../../messages'
import { AGENCY_WAITLIST_RESOURCE, waitlistLotName, waitlistStatusText, type AgencyWaitlistEntry } from '../types'

const NO_ENTRIES = (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    None of your members is on a waitlist.
  </Typography>
)

/** "Waiting", or the member's turn (the lot's priority window) with its end, highlighted. */
function WaitlistStatusChip({ entry }: { entry: AgencyWaitlistEntry }) {
  return (
    <Chip
      size="small"
      label={waitlistStatusText(entry)}
      color={entry.status === 'offered' ? 'success' : 'default'}
      variant={entry.status === 'offered' ? 'filled' : 'outlined'}
    />
  )
}

function LotCell({ entry }: { entry: AgencyWaitlistEntry }) {
  return (
    <Stack>
      <span>{waitlistLotName(entry.lot)}</span>
      {entry.lot?.propertyName && (
        <Typography variant="caption" color="text.secondary">
          {entry.lot.propertyName}
        </Typography>
      )}
    </Stack>
  )
}

/**
 * Waitlist, /agent/waitlist: the agency's members' live places in the lines of
 * reserved lots, across lots, newest first, paged in SQL by the backend (GET /api/agency/waitlist).
 * A member whose turn it is may request the lot until the time shown.
 */
export default function AgencyWaitlistList() {
  const flash = useFlash()
  return (
    <List<AgencyWaitlistEntry>
      resource={AGENCY_WAITLIST_RESOURCE}
      title="Waitlist"
      sort={{ field: 'joinedAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
      queryOptions={{ onError: () => flash.error('Failed to load the waitlist. Please try again.') }}
    >
      <ListTableOrCards<AgencyWaitlistEntry>
        label="Waitlist entries"
        card={{
          primary: (entry) => waitlistLotName(entry.lot),
          secondary: (entry) => [
            entry.lot?.propertyName,
            entry.user ? `${entry.user.name} · ${entry.user.email}` : null,
            `Position ${entry.position ?? 'N/A'} · Joined ${formatDateTime(entry.joinedAt)}`,
          ],
          tertiary: (entry) => <WaitlistStatusChip entry={entry} />,
        }}
        empty={NO_ENTRIES}
      >
        <DataTable<AgencyWaitlistEntry> bulkActionButtons={false} rowClick={false} empty={NO_ENTRIES}>
          <DataTable.Col<AgencyWaitlistEntry> label="Lot" render={(entry) => <LotCell entry={entry} />} />
          <DataTable.Col<AgencyWaitlistEntry>
            label="Member"
            render={(entry) => (
              <Stack>
                <span>{entry.user?.name ?? 'N/A'}</span>
                <Typography variant="caption" color="text.secondary">
                  {entry.user?.email ?? 'N/A'}
                </Typography>
              </Stack>
            )}
          />
          <DataTable.Col<AgencyWaitlistEntry>
            source="position"
            label="Position"
            disableSort
            render={(entry) => entry.position ?? 'N/A'}
          />
          <DataTable.Col<AgencyWaitlistEntry>
            source="status"
            label="Status"
            disableSort
            render={(entry) => <WaitlistStatusChip entry={entry} />}
          />
          <DataTable.Col<AgencyWaitlistEntry>
            source="joinedAt"
            label="Joined"
            disableSort
            render={(entry) => formatDateTime(entry.joinedAt)}
          />
        </DataTable>
      </ListTableOrCards>
    </List>
  )
}
