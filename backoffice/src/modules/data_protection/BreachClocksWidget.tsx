import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material'
import { Link, useCreatePath, useGetList } from 'react-admin'
import { clockText, type DataBreach } from './types'

/**
 * The super admin's dashboard card: each open incident with the time left to notify the
 * Commissioner (or that it is overdue), then the affected people's clock. The backend computes
 * the clocks; this shows them.
 */
export default function BreachClocksWidget() {
  const createPath = useCreatePath()
  const { data, isPending, error } = useGetList<DataBreach>('admin/data-breaches', {
    filter: { status: 'open' },
    sort: { field: 'discoveredAt', order: 'ASC' },
    pagination: { page: 1, perPage: 10 },
  })
  return (
    <Card sx={{ width: { xs: '100%', sm: 360 } }} component="section" aria-labelledby="breach-clocks-title">
      <CardContent>
        <Typography id="breach-clocks-title" variant="h6" component="h2">
          Open breaches
        </Typography>
        {isPending ? (
          <Typography>Loading…</Typography>
        ) : error ? (
          <Typography color="error">The breach register could not be loaded.</Typography>
        ) : !data?.length ? (
          <Typography>No open incidents.</Typography>
        ) : (
          <List dense disablePadding>
            {data.map((breach) => {
              const clock =
                breach.clocks.commissioner.state === 'done' ? breach.clocks.individuals : breach.clocks.commissioner
              const who = breach.clocks.commissioner.state === 'done' ? 'Affected people' : 'Commissioner'
              return (
                <ListItem key={breach.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link to={createPath({ resource: 'admin/data-breaches', id: breach.id, type: 'edit' })}>
                        Breach #{breach.id}: {breach.description}
                      </Link>
                    }
                    secondary={`${who}: ${clockText(clock)}`}
                    slotProps={{ secondary: { color: clock.state === 'overdue' ? 'error' : 'text.secondary' } }}
                  />
                </ListItem>
              )
            })}
          </List>
        )}
      </CardContent>
    </Card>
  )
}
